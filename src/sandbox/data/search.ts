/**
 * Fake organic results for the sandbox's `GET /search`.
 *
 * Shape of the generator, and why:
 * - A base set of ~16 candidate results is derived from the query alone, so every country and
 *   language draws from the same candidates and a Compare view shows overlapping links.
 * - Each country/language picks about ten of them in its own order and adds 1–3 results from
 *   local sites, so comparing two countries shows rank changes *and* links unique to one side.
 * - A result's content (title, snippet, date, sitelinks, missing terms) is seeded by query + link
 *   only, never by country: the same link reads the same everywhere, so diffs by link are honest.
 * - A site may answer from a subdomain of the results' language (Wikipedia: fr.wikipedia.org for
 *   French), so a batch pivot sees one domain rank with another URL in another locale.
 */
import { createRng } from '../random.ts';
import type { Rng } from '../random.ts';

export interface SitelinkRecord {
  title: string;
  link: string;
}

export interface OrganicResultRecord {
  title: string;
  displayed_link: string;
  snippet: string;
  /** Like `Mar 4, 2025`, or '' when the result shows no date. */
  date: string;
  /** Query words this result does not match (only for queries of two or more words). */
  missing: string[];
  link: string;
  extended_sitelinks: SitelinkRecord[];
  rank: number;
}

export interface SearchParams {
  query: string;
  country?: string;
  language?: string;
}

/** How far a result's standing wanders each day (in places, about): a few swaps a day. */
const DRIFT_PER_DAY = 3;

/**
 * How much a result's standing has wandered by `day` (0 on the sandbox's first day): a random
 * walk, one seeded step per day, so day n always gives the same page and days n and n + 1
 * differ by a few moves, an entry or an exit, as a live engine's answers do over days.
 */
function drift(seed: string, link: string, day: number): number {
  let total = 0;
  for (let k = 1; k <= day; k++)
    total += (createRng(`${seed}|${link}|day${k}`).next() - 0.5) * DRIFT_PER_DAY;
  return total;
}

/** Queries the UI offers as "try" links; each gives a varied page. */
export const SEARCH_SAMPLE_QUERIES = [
  'coffee',
  'best running shoes',
  'climate change',
  'how to make sourdough bread',
  'python list comprehension',
  'vitamin d deficiency symptoms',
  'cheap flights to tokyo',
];

// ---------------------------------------------------------------------------------------------
// Sites

type SiteKind =
  | 'encyclopedia'
  | 'forum'
  | 'video'
  | 'blog'
  | 'qa'
  | 'shop'
  | 'health'
  | 'recipes'
  | 'reference'
  | 'news'
  | 'reviews';

interface Site {
  domain: string;
  name: string;
  kind: SiteKind;
  /** Defaults to `www.<domain>`. */
  host?: string;
  /** The host is `<language>.<domain>` (the results' language, en by default), like Wikipedia's. */
  hostByLanguage?: boolean;
  /** How likely the site ranks for an arbitrary query (weight in the base draw). */
  weight?: number;
  /** Title templates of its own, for sites whose titles are instantly recognisable. */
  titles?: readonly string[];
}

/** Sites that rank in any country. Disjoint from the local pools so a page never repeats a link. */
const GLOBAL_SITES: readonly Site[] = [
  {
    domain: 'wikipedia.org',
    name: 'Wikipedia',
    kind: 'encyclopedia',
    hostByLanguage: true,
    weight: 6,
    titles: ['{Query} - Wikipedia'],
  },
  {
    domain: 'britannica.com',
    name: 'Britannica',
    kind: 'encyclopedia',
    weight: 2,
    titles: ['{Query} | Definition, History, & Facts | Britannica'],
  },
  { domain: 'reddit.com', name: 'Reddit', kind: 'forum', weight: 5 },
  { domain: 'quora.com', name: 'Quora', kind: 'qa', weight: 2 },
  { domain: 'stackoverflow.com', name: 'Stack Overflow', kind: 'qa', weight: 1 },
  { domain: 'github.com', name: 'GitHub', kind: 'qa', weight: 1 },
  { domain: 'youtube.com', name: 'YouTube', kind: 'video', weight: 5 },
  { domain: 'medium.com', name: 'Medium', kind: 'blog', weight: 3 },
  { domain: 'wikihow.com', name: 'wikiHow', kind: 'blog', weight: 2 },
  { domain: 'pinterest.com', name: 'Pinterest', kind: 'blog', weight: 2 },
  {
    domain: 'amazon.com',
    name: 'Amazon.com',
    kind: 'shop',
    weight: 4,
    titles: ['Amazon.com: {query}'],
  },
  { domain: 'ebay.com', name: 'eBay', kind: 'shop', weight: 2 },
  { domain: 'etsy.com', name: 'Etsy', kind: 'shop', weight: 1 },
  { domain: 'mayoclinic.org', name: 'Mayo Clinic', kind: 'health', weight: 2 },
  { domain: 'healthline.com', name: 'Healthline', kind: 'health', weight: 2 },
  { domain: 'webmd.com', name: 'WebMD', kind: 'health', weight: 1 },
  { domain: 'allrecipes.com', name: 'Allrecipes', kind: 'recipes', weight: 1 },
  { domain: 'seriouseats.com', name: 'Serious Eats', kind: 'recipes', weight: 1 },
  { domain: 'investopedia.com', name: 'Investopedia', kind: 'reference', weight: 1 },
  { domain: 'nationalgeographic.com', name: 'National Geographic', kind: 'reference', weight: 2 },
  { domain: 'tripadvisor.com', name: 'Tripadvisor', kind: 'reviews', weight: 1 },
  { domain: 'imdb.com', name: 'IMDb', kind: 'reference', weight: 1 },
  { domain: 'forbes.com', name: 'Forbes', kind: 'news', weight: 3 },
  { domain: 'reuters.com', name: 'Reuters', kind: 'news', weight: 2 },
  { domain: 'wired.com', name: 'WIRED', kind: 'news', weight: 2 },
  { domain: 'theverge.com', name: 'The Verge', kind: 'news', weight: 1 },
  { domain: 'nih.gov', name: 'National Institutes of Health (NIH)', kind: 'health', weight: 1 },
  { domain: 'bbc.com', name: 'BBC', kind: 'news', weight: 2 },
];

/** Local sites by country code: what makes one country's page differ from another's. */
const LOCAL_SITES: Readonly<Record<string, readonly Site[]>> = {
  us: [
    { domain: 'nytimes.com', name: 'The New York Times', kind: 'news' },
    { domain: 'washingtonpost.com', name: 'The Washington Post', kind: 'news' },
    { domain: 'cnn.com', name: 'CNN', kind: 'news' },
    { domain: 'usatoday.com', name: 'USA Today', kind: 'news' },
    { domain: 'consumerreports.org', name: 'Consumer Reports', kind: 'reviews' },
    { domain: 'npr.org', name: 'NPR', kind: 'news' },
  ],
  gb: [
    { domain: 'bbc.co.uk', name: 'BBC', kind: 'news' },
    { domain: 'theguardian.com', name: 'The Guardian', kind: 'news' },
    { domain: 'telegraph.co.uk', name: 'The Telegraph', kind: 'news' },
    { domain: 'independent.co.uk', name: 'The Independent', kind: 'news' },
    { domain: 'which.co.uk', name: 'Which?', kind: 'reviews' },
    { domain: 'argos.co.uk', name: 'Argos', kind: 'shop' },
  ],
  de: [
    { domain: 'spiegel.de', name: 'DER SPIEGEL', kind: 'news' },
    { domain: 'zeit.de', name: 'ZEIT ONLINE', kind: 'news' },
    { domain: 'sueddeutsche.de', name: 'Süddeutsche Zeitung', kind: 'news' },
    { domain: 'faz.net', name: 'FAZ.NET', kind: 'news' },
    { domain: 'chefkoch.de', name: 'Chefkoch', kind: 'recipes' },
    { domain: 'test.de', name: 'Stiftung Warentest', kind: 'reviews' },
  ],
  fr: [
    { domain: 'lemonde.fr', name: 'Le Monde', kind: 'news' },
    { domain: 'lefigaro.fr', name: 'Le Figaro', kind: 'news' },
    { domain: 'liberation.fr', name: 'Libération', kind: 'news' },
    { domain: 'marmiton.org', name: 'Marmiton', kind: 'recipes' },
    { domain: 'leboncoin.fr', name: 'leboncoin', kind: 'shop' },
  ],
  es: [
    { domain: 'elpais.com', name: 'EL PAÍS', kind: 'news' },
    { domain: 'elmundo.es', name: 'El Mundo', kind: 'news' },
    { domain: 'abc.es', name: 'ABC', kind: 'news' },
    { domain: 'marca.com', name: 'MARCA', kind: 'news' },
  ],
  it: [
    { domain: 'corriere.it', name: 'Corriere della Sera', kind: 'news' },
    { domain: 'repubblica.it', name: 'la Repubblica', kind: 'news' },
    { domain: 'giallozafferano.it', name: 'GialloZafferano', kind: 'recipes' },
  ],
  au: [
    { domain: 'abc.net.au', name: 'ABC News', kind: 'news' },
    { domain: 'smh.com.au', name: 'The Sydney Morning Herald', kind: 'news' },
    { domain: 'news.com.au', name: 'news.com.au', kind: 'news' },
    { domain: 'choice.com.au', name: 'CHOICE', kind: 'reviews' },
  ],
  ca: [
    { domain: 'cbc.ca', name: 'CBC', kind: 'news' },
    { domain: 'theglobeandmail.com', name: 'The Globe and Mail', kind: 'news' },
    { domain: 'canadiantire.ca', name: 'Canadian Tire', kind: 'shop' },
  ],
  in: [
    { domain: 'ndtv.com', name: 'NDTV', kind: 'news' },
    { domain: 'thehindu.com', name: 'The Hindu', kind: 'news' },
    { domain: 'hindustantimes.com', name: 'Hindustan Times', kind: 'news' },
    { domain: 'flipkart.com', name: 'Flipkart', kind: 'shop' },
  ],
  jp: [
    { domain: 'nhk.or.jp', name: 'NHK', kind: 'news' },
    { domain: 'asahi.com', name: '朝日新聞', kind: 'news' },
    { domain: 'rakuten.co.jp', name: '楽天市場', kind: 'shop' },
  ],
  br: [
    { domain: 'globo.com', name: 'g1', kind: 'news' },
    { domain: 'folha.uol.com.br', name: 'Folha de S.Paulo', kind: 'news' },
    { domain: 'mercadolivre.com.br', name: 'Mercado Livre', kind: 'shop' },
  ],
  mx: [
    { domain: 'eluniversal.com.mx', name: 'El Universal', kind: 'news' },
    { domain: 'milenio.com', name: 'Milenio', kind: 'news' },
  ],
};

/** For countries without their own pool: international outlets. */
const INTERNATIONAL_SITES: readonly Site[] = [
  { domain: 'aljazeera.com', name: 'Al Jazeera', kind: 'news' },
  { domain: 'dw.com', name: 'DW', kind: 'news' },
  { domain: 'france24.com', name: 'FRANCE 24', kind: 'news' },
  { domain: 'euronews.com', name: 'Euronews', kind: 'news' },
  { domain: 'apnews.com', name: 'AP News', kind: 'news' },
];

/** A language adds the sites of the country where it is mainly read (French → French sites). */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  fr: 'fr',
  de: 'de',
  es: 'es',
  it: 'it',
  ja: 'jp',
  pt: 'br',
};

// ---------------------------------------------------------------------------------------------
// Templates. {query} is the (kept) query, {Query} the same capitalised, {site} the site name.

interface KindTemplates {
  titles: readonly string[];
  snippets: readonly string[];
  /** Path shapes; `{slug}` is the query slug, `{id}` a short random id. */
  paths: readonly string[];
  sitelinks: readonly string[];
  /** Chance that a result of this kind shows a date. */
  dated: number;
  /** Chance that a result of this kind shows sitelinks. */
  linked: number;
}

const YEAR = '2025';

const TEMPLATES: Record<SiteKind, KindTemplates> = {
  encyclopedia: {
    titles: ['{Query} - {site}', '{Query} | Definition & Facts | {site}'],
    snippets: [
      '{Query} is a widely discussed subject with a long history. This article covers the origins of {query}, its main forms and how it is understood today.',
      'The term {query} refers to several related ideas. Its meaning has changed over time, and {query} remains an active area of study.',
    ],
    paths: ['wiki/{slug}', 'topic/{slug}'],
    sitelinks: ['History', 'Etymology', 'Overview', 'See also', 'References', 'In popular culture'],
    dated: 0,
    linked: 0.6,
  },
  forum: {
    titles: [
      'What is your take on {query}? : r/AskReddit',
      '{Query} - honest opinions? : r/NoStupidQuestions',
      'Anyone else obsessed with {query}?',
    ],
    snippets: [
      "I've been reading about {query} for weeks and still can't decide. What worked for you? Any tips from people who have tried it?",
      'Long-time lurker here. Here is everything I learned about {query} after two years, the good and the bad.',
    ],
    paths: ['r/{slug}/comments/{id}', 'r/AskReddit/comments/{id}/{slug}'],
    sitelinks: ['Top posts', 'Community info', 'Wiki', 'FAQ', 'Rules', 'Related communities'],
    dated: 0.8,
    linked: 0.2,
  },
  video: {
    titles: [
      '{Query} - Everything You Need to Know',
      'I Tried {query} for 30 Days',
      '{Query} Explained in 10 Minutes',
    ],
    snippets: [
      'In this video we break down {query} step by step. Timestamps: 0:00 intro, 1:12 the basics of {query}, 6:40 common mistakes.',
      'Watch the full guide to {query}. Subscribe for more videos like this one.',
    ],
    paths: ['watch/{id}', 'shorts/{id}', '@channel/{slug}'],
    sitelinks: ['Intro', 'The basics', 'Common mistakes', 'Results', 'Q&A'],
    dated: 0.9,
    linked: 0.15,
  },
  blog: {
    titles: [
      "What is {query}? A beginner's guide",
      '{Query}: 12 Things I Wish I Knew Sooner',
      'The Complete Guide to {query} ({year})',
    ],
    snippets: [
      'If you are new to {query}, start here. This guide walks through the basics, the common pitfalls and what actually matters.',
      'After testing dozens of approaches to {query}, here are the ones that held up, with examples you can copy.',
    ],
    paths: ['guides/{slug}', 'blog/{slug}', '{slug}'],
    sitelinks: ['Getting started', 'Tips', 'Examples', 'Tools', 'Newsletter', 'About'],
    dated: 0.7,
    linked: 0.2,
  },
  qa: {
    titles: [
      'How does {query} work? - {site}',
      '{Query} - Questions and answers',
      'What is the best way to approach {query}?',
    ],
    snippets: [
      'Asked 3 years ago. I am trying to understand {query}. The accepted answer explains the trade-offs with a short example.',
      '{Query}: 14 answers. The most upvoted answer explains it clearly and links to the official documentation.',
    ],
    paths: ['questions/{id}/{slug}', 'q/{slug}'],
    sitelinks: ['Newest questions', 'Top answers', 'Tags', 'Users', 'Related questions'],
    dated: 0.6,
    linked: 0.1,
  },
  shop: {
    titles: [
      'Best {query} of {year} – Tested and Reviewed',
      '{Query} : {site}',
      'Shop {query} | Free delivery on eligible orders',
    ],
    snippets: [
      'Results for {query}. Compare prices, read customer reviews and get fast, free delivery on thousands of eligible items.',
      'Discover {query} on {site}. Top rated picks, new arrivals and deals updated daily.',
    ],
    paths: ['s/{slug}', 'shop/{slug}', 'b/{slug}/{id}'],
    sitelinks: [
      'Best Sellers',
      "Today's Deals",
      'New Releases',
      'Customer Service',
      'Gift Ideas',
      'Returns',
    ],
    dated: 0.1,
    linked: 0.5,
  },
  health: {
    titles: [
      '{Query}: Causes, Symptoms and Treatment',
      '{Query} - {site}',
      'What to know about {query}',
    ],
    snippets: [
      'Learn about {query}, including common signs, when to see a doctor and which options are available. Medically reviewed.',
      '{Query} affects many people. Our experts explain what the research says and how to talk to your doctor about it.',
    ],
    paths: ['health/{slug}', 'diseases-conditions/{slug}/symptoms-causes'],
    sitelinks: ['Symptoms', 'Causes', 'Diagnosis', 'Treatment', 'Prevention', 'Find a doctor'],
    dated: 0.3,
    linked: 0.5,
  },
  recipes: {
    titles: [
      'The Best {query} Recipe',
      'Easy {query} Ideas for Every Day',
      '{Query} Recipes | {site}',
    ],
    snippets: [
      'This {query} recipe is simple, reliable and ready in under an hour. Rated 4.8 stars by home cooks.',
      'Our favourite ways to enjoy {query}, with step-by-step photos, tips and variations.',
    ],
    paths: ['recipes/{slug}', 'recipe/{id}/{slug}'],
    sitelinks: ['Dinners', 'Quick & Easy', 'Baking', 'Healthy', 'Holidays', 'Kitchen Tips'],
    dated: 0.4,
    linked: 0.4,
  },
  reference: {
    titles: [
      '{Query}: Definition and Examples',
      '{Query} - Facts and Information',
      'Understanding {query}',
    ],
    snippets: [
      '{Query} explained: key facts, figures and examples, with sources and further reading.',
      'Everything you need to know about {query}, from the basics to the latest findings.',
    ],
    paths: ['terms/{slug}', 'article/{slug}'],
    sitelinks: ['Overview', 'Key takeaways', 'Examples', 'FAQ', 'Related terms'],
    dated: 0.3,
    linked: 0.3,
  },
  news: {
    titles: [
      '{Query}: what you need to know',
      'The latest on {query}',
      'Why {query} matters more than ever',
    ],
    snippets: [
      'Latest news, analysis and opinion on {query}. Our reporters explain what changed this week and what comes next.',
      '{Query} is back in the headlines. Here is a look at the numbers and what experts expect.',
    ],
    paths: ['news/{slug}-{id}', '{year}/{slug}', 'topics/{slug}'],
    sitelinks: ['Latest', 'World', 'Business', 'Opinion', 'Live updates', 'Newsletters'],
    dated: 0.95,
    linked: 0.3,
  },
  reviews: {
    titles: [
      'Best {query} of {year} – Tested and Reviewed',
      '{Query} reviews and ratings',
      'Our verdict on {query}',
    ],
    snippets: [
      'We tested the top options for {query} side by side. See our expert ratings, the best buys and the ones to avoid.',
      'Independent reviews of {query}: real-world tests, owner satisfaction and value for money.',
    ],
    paths: ['reviews/{slug}', 'best/{slug}'],
    sitelinks: ['Best buys', 'How we test', 'Buying guide', 'Compare', 'Top rated'],
    dated: 0.6,
    linked: 0.3,
  },
};

/** Query words that make a kind of site more likely to rank, e.g. "recipe" favours recipe sites. */
const KIND_HINTS: Partial<Record<SiteKind, readonly string[]>> = {
  recipes: [
    'recipe',
    'cook',
    'bake',
    'bread',
    'coffee',
    'cake',
    'pasta',
    'chicken',
    'soup',
    'dinner',
    'tea',
  ],
  health: [
    'symptom',
    'health',
    'pain',
    'diet',
    'sleep',
    'vitamin',
    'disease',
    'deficiency',
    'treatment',
  ],
  qa: ['code', 'error', 'javascript', 'python', 'api', 'git', 'function', 'install', 'list'],
  shop: ['best', 'buy', 'cheap', 'price', 'deal', 'shoes', 'laptop', 'phone'],
  reviews: ['best', 'review', 'vs', 'flights', 'hotel'],
  news: ['news', 'climate', 'election', 'change', 'economy'],
};

// ---------------------------------------------------------------------------------------------
// Query handling

interface NormalisedQuery {
  /** Trimmed, lower-cased, whitespace collapsed: the seed. */
  text: string;
  words: string[];
}

/** Lone surrogates (possible in arbitrary input) would make `encodeURIComponent` throw. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function normaliseQuery(query: string): NormalisedQuery {
  const text = query.replace(LONE_SURROGATE, '').trim().toLowerCase().replace(/\s+/gu, ' ');
  return { text, words: text === '' ? [] : text.split(' ') };
}

function normaliseCode(code: string | undefined, fallback: string): string {
  const clean = (code ?? '').trim().toLowerCase();
  return clean === '' ? fallback : clean;
}

/** Keeps titles and snippets readable for very long queries: whole words up to ~70 characters. */
function displayTopic(words: readonly string[]): string {
  if (words.length === 0) return 'popular searches';
  let topic = '';
  for (const word of words) {
    const next = topic === '' ? word : `${topic} ${word}`;
    if (topic !== '' && next.length > 70) break;
    topic = next;
  }
  const chars = Array.from(topic);
  return chars.length > 70 ? chars.slice(0, 70).join('') : topic;
}

function capitalise(text: string): string {
  const [first = '', ...rest] = Array.from(text);
  return first.toUpperCase() + rest.join('');
}

/** Letters, digits and combining marks of any script survive; everything else becomes a dash. */
function slugify(text: string, fallback = 'search'): string {
  const dashed = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const short = Array.from(dashed).slice(0, 60).join('').replace(/-+$/, '');
  return short === '' ? fallback : short;
}

/** Replaces `{name}` placeholders; a callback keeps `$&`-style text in a query literal. */
function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string, offset: number) => {
    const value = vars[name] ?? whole;
    return name === 'query' || name === 'Query'
      ? withoutEcho(template.slice(0, offset), value)
      : value;
  });
}

/** Avoids "Best best running shoes" when the template's word before the query repeats its first word. */
function withoutEcho(before: string, topic: string): string {
  const previous = before.trimEnd().split(' ').pop()?.toLowerCase();
  const [first, ...rest] = topic.split(' ');
  return rest.length > 0 && first?.toLowerCase() === previous ? rest.join(' ') : topic;
}

// ---------------------------------------------------------------------------------------------
// One result, from query + site (link) only

/** A result before it gets its rank on a particular page. */
type Candidate = Omit<OrganicResultRecord, 'rank'>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function randomDate(rng: Rng): string {
  return `${rng.pick(MONTHS)} ${rng.int(1, 28)}, ${rng.int(2022, 2025)}`;
}

function randomId(rng: Rng): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 7 }, () => rng.pick(Array.from(alphabet))).join('');
}

/** Shuffled copy (Fisher–Yates) so template choices can fall back in a seeded order. */
function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function hostOf(site: Site, language: string): string {
  // A language tag's first part names the subdomain: pt-BR reads pt.wikipedia.org.
  const primary = language.split('-')[0] ?? '';
  if (site.hostByLanguage) return `${/^[a-z]{2,3}$/.test(primary) ? primary : 'en'}.${site.domain}`;
  return site.host ?? `www.${site.domain}`;
}

/** Path segments, unencoded, for the link and its displayed form. */
function pathFor(query: NormalisedQuery, site: Site): string[] {
  // Seeded by query + domain only, so a site gives the same link in every country.
  const rng = createRng(`search-path|${query.text}|${site.domain}`);
  const shape = rng.pick(TEMPLATES[site.kind].paths);
  const slug = slugify(query.text);
  return fill(shape, { slug, id: randomId(rng), year: YEAR }).split('/');
}

function linkFor(host: string, segments: readonly string[]): string {
  return `https://${host}/${segments.map(encodeURIComponent).join('/')}`;
}

/** Like `https://www.example.com › guides › coffee`, decoded and shortened as engines show it. */
function displayedLinkFor(host: string, segments: readonly string[]): string {
  const shown = segments.slice(0, 3).map((s) => {
    const chars = Array.from(s);
    return chars.length > 30 ? `${chars.slice(0, 30).join('')}...` : s;
  });
  return [`https://${host}`, ...shown].join(' › ');
}

/**
 * Words a result may "miss": long enough to be meaningful and not inside another query word
 * (otherwise the snippet would still contain it, e.g. "run" inside "running").
 */
function missableWords(words: readonly string[]): string[] {
  const unique = [...new Set(words)];
  if (unique.length < 2) return [];
  return unique.filter(
    (w) => Array.from(w).length >= 3 && !unique.some((other) => other !== w && other.includes(w)),
  );
}

function chooseMissing(rng: Rng, words: readonly string[]): string[] {
  const candidates = missableWords(words);
  if (candidates.length === 0 || !rng.chance(0.3)) return [];
  // Two missing words only when a third word remains to match.
  const count = candidates.length >= 2 && new Set(words).size >= 3 && rng.chance(0.3) ? 2 : 1;
  return shuffled(rng, candidates).slice(0, count);
}

function buildSitelinks(
  rng: Rng,
  host: string,
  baseSegments: readonly string[],
  kind: SiteKind,
): SitelinkRecord[] {
  const titles = shuffled(rng, TEMPLATES[kind].sitelinks).slice(0, rng.int(2, 6));
  const root = baseSegments.slice(0, 1);
  return titles.map((title) => ({ title, link: linkFor(host, [...root, slugify(title)]) }));
}

function buildCandidate(query: NormalisedQuery, site: Site, language: string): Candidate {
  const host = hostOf(site, language);
  const segments = pathFor(query, site);
  const link = linkFor(host, segments);
  const rng = createRng(`search-result|${query.text}|${link}`);
  const templates = TEMPLATES[site.kind];

  // Pick a snippet that really lacks the missing words; give up on "missing" if none does.
  let missing = chooseMissing(rng.fork('missing'), query.words);
  const snippetOrder = shuffled(rng, templates.snippets);
  const render = (template: string, words: readonly string[]) => {
    const topic = displayTopic(words);
    return fill(template, { query: topic, Query: capitalise(topic), site: site.name, year: YEAR });
  };
  const keptWords = () => query.words.filter((w) => !missing.includes(w));
  let snippet = snippetOrder
    .map((t) => render(t, keptWords()))
    .find((s) => !missing.some((w) => s.toLowerCase().includes(w)));
  if (snippet === undefined) {
    missing = [];
    snippet = render(snippetOrder[0] ?? '{Query}', query.words);
  }

  const title = render(rng.pick(site.titles ?? templates.titles), keptWords());
  const date = rng.chance(templates.dated) ? randomDate(rng) : '';
  const extended_sitelinks = rng.chance(templates.linked)
    ? buildSitelinks(rng.fork('sitelinks'), host, segments, site.kind)
    : [];

  return {
    title,
    displayed_link: displayedLinkFor(host, segments),
    snippet,
    date,
    missing,
    link,
    extended_sitelinks,
  };
}

// ---------------------------------------------------------------------------------------------
// Pages

const BASE_SIZE = 16;

function siteWeight(site: Site, words: readonly string[]): number {
  const hints = KIND_HINTS[site.kind] ?? [];
  const hinted = words.some((w) => hints.some((h) => w.startsWith(h)));
  return (site.weight ?? 1) + (hinted ? 5 : 0);
}

/** Weighted draw without replacement: popular and on-topic sites come first more often. */
function weightedOrder(rng: Rng, sites: readonly Site[], weight: (s: Site) => number): Site[] {
  const remaining = [...sites];
  const out: Site[] = [];
  while (remaining.length > 0) {
    const total = remaining.reduce((sum, s) => sum + weight(s), 0);
    let roll = rng.next() * total;
    let index = remaining.findIndex((s) => (roll -= weight(s)) < 0);
    if (index < 0) index = remaining.length - 1;
    out.push(...remaining.splice(index, 1));
  }
  return out;
}

/** The candidates every country draws from, best first; depends on the query alone. */
function baseCandidates(query: NormalisedQuery, language: string): Candidate[] {
  const rng = createRng(`search-base|${query.text}`);
  const sites = weightedOrder(rng, GLOBAL_SITES, (s) => siteWeight(s, query.words)).slice(
    0,
    BASE_SIZE,
  );
  return sites.map((site) => buildCandidate(query, site, language));
}

function localSites(country: string, language: string): Site[] {
  const own = LOCAL_SITES[country] ?? INTERNATIONAL_SITES;
  const languageCountry = LANGUAGE_COUNTRY[language];
  const byLanguage =
    languageCountry && languageCountry !== country ? (LOCAL_SITES[languageCountry] ?? []) : [];
  return [...own, ...byLanguage];
}

/** Things a page should show at least once so the UI's columns all get exercised. */
const VARIETY: ReadonlyArray<(c: Candidate) => boolean> = [
  (c) => c.extended_sitelinks.length > 0,
  (c) => c.date !== '',
  (c) => c.date === '',
  (c) => c.missing.length > 0,
];

/**
 * If the country's pick lost every result with some feature, swap in the best unpicked one that
 * has it, replacing the lowest pick that is not the only holder of another feature.
 */
function ensureVariety(picked: Candidate[], unpicked: Candidate[]): void {
  for (const need of VARIETY) {
    if (picked.some(need)) continue;
    const donor = unpicked.findIndex(need);
    if (donor < 0) continue;
    const soleHolder = (c: Candidate) =>
      VARIETY.some((other) => other(c) && picked.filter(other).length === 1);
    const victim = picked.findLastIndex((c) => !soleHolder(c));
    if (victim < 0) continue;
    picked[victim] = unpicked.splice(donor, 1)[0] as Candidate;
  }
}

/**
 * A deterministic page of about ten organic results for the query, country and language, as
 * the engine answers it on the sandbox's `day` (0: its first; see `drift`). Never throws,
 * whatever the query; every link is an absolute https URL.
 */
export function organicResults(params: SearchParams, day = 0): OrganicResultRecord[] {
  const query = normaliseQuery(params.query);
  const country = normaliseCode(params.country, 'us');
  const language = normaliseCode(params.language, 'en');
  const seed = `${query.text}|${country}|${language}`;
  const rng = createRng(seed).fork('search-page');

  const total = rng.int(9, 11);
  const localCount = rng.int(1, 3);

  // Country-dependent order: a head start for better base ranks plus seeded noise, so neighbours
  // swap and a few results drop out while the top stays broadly stable. Results that miss query
  // words rank lower, as they do on real engines.
  const scored = baseCandidates(query, language)
    .map((candidate, i) => {
      const penalty = candidate.missing.length > 0 ? 4 : 0;
      const wander = day > 0 ? drift(seed, candidate.link, day) : 0;
      return { candidate, score: -i - penalty + rng.next() * 5 + wander };
    })
    .sort((a, b) => b.score - a.score)
    .map((s) => s.candidate);
  const page = scored.slice(0, total - localCount);
  ensureVariety(page, scored.slice(total - localCount));

  // Local results slot in anywhere below the top result.
  const locals = shuffled(rng, localSites(country, language)).slice(0, localCount);
  for (const site of locals) {
    page.splice(rng.int(1, page.length), 0, buildCandidate(query, site, language));
  }

  return page.map((candidate, i) => ({ ...candidate, rank: i + 1 }));
}
