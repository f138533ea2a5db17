import { hashString } from '../random.ts';

/**
 * The sandbox's autocomplete corpus: a few thousand realistic queries built from templates
 * and word lists (no download), each with a popularity. Words are chosen so that every
 * letter a–z continues most subjects ("coffee a…", "coffee b…"), which keyword expansion needs.
 */

/** Word lists are written as one `|`-separated string each, to keep them readable. */
const list = (text: string): readonly string[] => text.split('|');

export interface CorpusEntry {
  text: string;
  /** How often people search it, 0–1000: ranks completions of the same prefix. */
  popularity: number;
  type: 'QUERY' | 'NAVIGATION';
}

const SUBJECTS = list(
  'coffee|coffee maker|coffee grinder|cold brew|espresso|tea|green tea|matcha|pizza|pizza dough|pasta|sourdough|banana bread|chicken curry|tacos|sushi|ramen|vegan recipes|python|javascript|typescript|react|excel|sql|linux|docker|iphone|android|laptop|headphones|running shoes|yoga|pilates|marathon training|weight loss|meditation|guitar|piano|photography|camera|bike|electric car|solar panels|heat pump|mortgage|credit card|stock market|bitcoin|taxes|resume|cover letter|interview|weather|flights|hotels|paris|london|new york|tokyo|barcelona|dog training|cat food|puppy|garden|tomato plants|houseplants|chess|football|basketball|tennis|world cup|movies|netflix|podcast|books|spanish|french|german|japanese|math|physics|chemistry|history|car insurance|health insurance|dentist|pharmacy|gym|haircut|wedding|birthday party|christmas gifts|halloween costumes|moving|apartment|furniture|paint colors|kitchen remodel|air fryer|instant pot|smoothie|protein powder',
);

// Continuations people type often, then rarer ones that make sure every letter and digit
// continues a subject ("<subject> q…"), which keyword expansion needs.
const COMMON = list(
  'near me|recipe|price|reviews|for beginners|how to|benefits|calories|deals|app|online|ideas|vs|meaning|tips|at home|open now|delivery|jobs|sale|near me open now|best|cheap|easy|course|tutorial|uk|2026',
);
const RARE = list(
  'alternatives|brands|classes|definition|explained|facts|for kids|free|games|guide|history|images|in spanish|journal|just|kit|keto|kids|list|locations|machine|news|nutrition|outlet|pros and cons|questions|quiz|quotes|reddit|rules|schedule|shop|today|under 100|used|video|vintage|wallpaper|what is|with milk|xl|xbox|yearly|yesterday|youtube|zero|zone|101|3d|4k|5 minute|7 day|8 hours|9 month',
);

/** Every continuation word, for completing a half-typed word after any query. */
export const CONTINUATIONS: readonly string[] = [...COMMON, ...RARE];

// "How to make pizza" but never "how to make chess": food subjects take their own leads.
const FOOD = new Set(
  list(
    'coffee|cold brew|espresso|tea|green tea|matcha|pizza|pizza dough|pasta|sourdough|banana bread|chicken curry|tacos|sushi|ramen|smoothie',
  ),
);
const LEADS = list('best|cheap|buy|what is');
const FOOD_LEADS = list('how to make|easy|homemade');

const NAVIGATION = list(
  'amazon|youtube|wikipedia|gmail|maps|translate|weather.com|espn|imdb|spotify',
);

/** A few words only people in one country or language type, to make locales differ. */
const LOCAL_WORDS: Record<string, readonly string[]> = {
  gb: ['uk', 'london', 'tesco', 'argos', 'nhs'],
  us: ['walmart', 'costco', 'usa', 'target'],
  de: ['berlin', 'kaufen', 'test', 'preis'],
  fr: ['paris', 'prix', 'avis', 'recette'],
  es: ['madrid', 'precio', 'receta', 'barato'],
  ca: ['canada', 'toronto', 'canadian tire'],
  au: ['australia', 'sydney', 'bunnings'],
  in: ['india', 'flipkart', 'in hindi'],
  fr_lang: ['pas cher', 'comment faire'],
  de_lang: ['rezept', 'günstig', 'wie'],
  es_lang: ['como hacer', 'que es'],
};

/** The same popularity every time for the same text (and locale tweak). */
const score = (text: string, salt = '') => hashString(`${salt}|${text}`) % 1000;

let corpus: readonly CorpusEntry[] | null = null;

/** The shared corpus: built once, about 5,000 queries. */
export function autocompleteCorpus(): readonly CorpusEntry[] {
  if (corpus) return corpus;
  const seen = new Set<string>();
  const out: CorpusEntry[] = [];
  const add = (text: string, popularity: number, type: CorpusEntry['type'] = 'QUERY') => {
    if (seen.has(text)) return;
    seen.add(text);
    out.push({ text, popularity, type });
  };
  for (const subject of SUBJECTS) {
    // The bare subject is searched more than any of its longer forms.
    add(subject, 700 + (score(subject) % 300));
    for (const [modifiers, weight] of [
      [COMMON, 0.75],
      [RARE, 0.35],
    ] as const) {
      for (const modifier of modifiers) {
        const text = `${subject} ${modifier}`;
        // About two in three rare pairs are queries people type; the rest never come up.
        if (weight < 0.5 && score(text, 'typed') % 3 === 0) continue;
        add(text, score(text) * weight);
      }
    }
    for (const lead of FOOD.has(subject) ? [...LEADS, ...FOOD_LEADS] : LEADS)
      add(`${lead} ${subject}`, score(`${lead} ${subject}`) * 0.6);
  }
  for (const site of NAVIGATION) {
    add(site, 900 + (score(site) % 100), 'NAVIGATION');
    add(`${site} login`, 600 + (score(site) % 200));
  }
  corpus = out;
  return corpus;
}

/** Extra queries of one country and language: the subjects with their local words. */
export function localEntries(country: string, language: string): CorpusEntry[] {
  const words = [
    ...(LOCAL_WORDS[country] ?? []),
    ...(language === 'en' ? [] : (LOCAL_WORDS[`${language}_lang`] ?? [])),
  ];
  return SUBJECTS.flatMap((subject) =>
    words.map((word) => ({
      text: `${subject} ${word}`,
      popularity: 150 + (score(`${subject} ${word}`, country) % 450),
      type: 'QUERY' as const,
    })),
  );
}

/** How much one locale likes an entry more or less than another: ±150. */
export function localeTweak(text: string, country: string, language: string): number {
  return (score(text, `${country}|${language}`) % 301) - 150;
}
