/**
 * The sandbox's `/engine_shorts` data: a finite, deterministic result set per query,
 * country, language and SafeSearch setting, paged by `start` (10 per page). Like the
 * live engine, a page can repeat a video already shown on the page before (here: every
 * page after the first opens with the previous page's last video), so clients must
 * de-duplicate when they append pages. Thumbnails and animated previews point at
 * images the sandbox serves itself (shorts-media.ts).
 */
import { createRng, type Rng } from '../random.ts';

export interface ShortVideoRecord {
  title: string;
  source: string;
  source_logo: string;
  thumbnail: string;
  gif_url: string;
  account_name: string;
  date: string;
  link: string;
}

export interface ShortsQuery {
  query: string;
  country?: string;
  language?: string;
  safe?: string;
  start?: string;
}

export const SHORTS_PAGE_SIZE = 10;

/** A query that answers with hostile upstream content, to demo and test the view's defences. */
export const HOSTILE_SHORTS_QUERY = 'sandbox:hostile';

const PLATFORMS = [
  { name: 'YouTube', colour: '#ff0000', host: 'www.youtube.com', path: 'shorts/' },
  { name: 'TikTok', colour: '#111111', host: 'www.tiktok.com', path: '@creator/video/' },
  { name: 'Instagram', colour: '#c13584', host: 'www.instagram.com', path: 'reel/' },
  { name: 'Facebook', colour: '#1877f2', host: 'www.facebook.com', path: 'reel/' },
  { name: 'Snapchat', colour: '#d4c400', host: 'www.snapchat.com', path: 'spotlight/' },
] as const;

const TITLES = [
  '{q} in 60 seconds',
  'I tried {q} for a week',
  '{q}: what nobody tells you',
  'The easiest {q} hack',
  'POV: your first {q}',
  '{q} tier list',
  'Stop doing {q} wrong',
  '3 {q} mistakes',
  'Is {q} worth it?',
  '{q} before and after',
  'Rating every {q} so you do not have to',
  '{q} 101 #shorts',
];
/** Titles in another language when `language` asks for it (a few, enough to see the change). */
const LOCAL_TITLES: Record<string, readonly string[]> = {
  de: ['{q} in 60 Sekunden', '{q}: Das sagt dir keiner', 'Ich habe {q} eine Woche getestet'],
  fr: ['{q} en 60 secondes', '{q} : ce que personne ne dit', "J'ai testé {q} pendant une semaine"],
  es: ['{q} en 60 segundos', '{q}: lo que nadie te cuenta', 'Probé {q} durante una semana'],
};
const ACCOUNTS = [
  'dailybits',
  'the.curious.cook',
  'urbanexplorer',
  'techwithtara',
  'minutefacts',
  'mo.makes',
  'quietstudio',
  'Lena Fischer',
  'Nico Vargas',
  'pixel_pantry',
  'Field Notes TV',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A small square logo as a base64 SVG data URI, as the service sends `source_logo`. */
function logoDataUri(colour: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" rx="3" fill="${colour}"/><text x="8" y="12" font-size="10" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const LOGOS = new Map(PLATFORMS.map((p) => [p.name, logoDataUri(p.colour, p.name.charAt(0))]));

function video(rng: Rng, q: string, language: string, mediaBase: string): ShortVideoRecord {
  const platform = rng.pick(PLATFORMS);
  // The id seeds the result's still and animated preview (shorts-media.ts).
  const id = `${rng.int(10_000_000, 99_999_999)}`;
  const titles = LOCAL_TITLES[language.slice(0, 2).toLowerCase()] ?? TITLES;
  return {
    title: rng.pick(titles).replace('{q}', q),
    source: platform.name,
    source_logo: LOGOS.get(platform.name) ?? '',
    // About one in twelve thumbnails has expired, as scraped image links do.
    thumbnail: rng.chance(1 / 12) ? `${mediaBase}/${id}-expired.jpg` : `${mediaBase}/${id}.jpg`,
    gif_url: `${mediaBase}/${id}.gif`,
    account_name: rng.pick(ACCOUNTS),
    date: `${rng.pick(MONTHS)} ${rng.int(1, 28)}, ${rng.int(2023, 2026)}`,
    link: `https://${platform.host}/${platform.path}${id}`,
  };
}

/** Every result the sandbox has for a query (before paging). */
export function allShortVideos(params: ShortsQuery, mediaBase: string): ShortVideoRecord[] {
  const q = params.query.trim().replace(/\s+/g, ' ');
  const country = (params.country ?? 'us').toLowerCase();
  const language = (params.language ?? 'en').toLowerCase();
  const rng = createRng(`shorts|${q.toLowerCase()}|${country}|${language}`);
  const total = rng.int(110, 140);
  const filtered = params.safe === 'active';
  const out: ShortVideoRecord[] = [];
  for (let i = 0; out.length < total; i++) {
    const item = rng.fork(`video-${i}`);
    // SafeSearch drops the videos it considers adult; what is left keeps its order.
    const adult = item.chance(0.12);
    const v = video(item, q, language, mediaBase);
    if (filtered && adult) continue;
    const n = out.length;
    // Each page after the first opens with the previous page's last video.
    const repeat = n > 0 && n % SHORTS_PAGE_SIZE === 0 ? out[n - 1] : undefined;
    out.push(repeat ?? v);
  }
  return out;
}

/** One page of results: `start` skips that many (10 a page), past the end is an empty page. */
export function shortVideos(params: ShortsQuery, mediaBase: string): ShortVideoRecord[] {
  const start = Math.max(0, Number(params.start ?? 0) || 0);
  if (params.query.trim().toLowerCase() === HOSTILE_SHORTS_QUERY)
    return start === 0 ? hostileVideos(mediaBase) : [];
  return allShortVideos(params, mediaBase).slice(start, start + SHORTS_PAGE_SIZE);
}

/**
 * Upstream content is data: links, logos and images that must never run or load as
 * anything but what they claim (javascript: links, HTML as a "logo", a remote logo).
 */
function hostileVideos(mediaBase: string): ShortVideoRecord[] {
  const html = Buffer.from('<script>alert(1)</script>').toString('base64');
  return [
    {
      title: 'A javascript: logo and link',
      source: 'Evil',
      source_logo: 'javascript:alert(1)',
      thumbnail: 'javascript:alert(2)',
      gif_url: 'javascript:alert(3)',
      account_name: 'mallory',
      date: 'January 1, 2026',
      link: 'javascript:alert(4)',
    },
    {
      title: 'An HTML data URI as a logo',
      source: 'Sneaky',
      source_logo: `data:text/html;base64,${html}`,
      thumbnail: `${mediaBase}/10000001.jpg`,
      gif_url: `${mediaBase}/10000001.gif`,
      account_name: 'mallory',
      date: 'February 2, 2026',
      link: 'https://www.youtube.com/shorts/10000001',
    },
    {
      title: 'A remote logo',
      source: 'Tracker',
      source_logo: 'https://tracker.example/logo.png',
      thumbnail: `${mediaBase}/10000002.jpg`,
      gif_url: `${mediaBase}/10000002.gif`,
      account_name: 'mallory',
      date: 'March 3, 2026',
      link: 'https://www.tiktok.com/@creator/video/10000002',
    },
  ];
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `html=true`: the search page as HTML (its real shape is not documented). It carries a
 * harmless script that marks the page when it runs, so a test can prove the dashboard's
 * sandboxed frame never runs it.
 */
export function shortsHtmlPage(params: ShortsQuery, mediaBase: string): string {
  const videos = shortVideos(params, mediaBase);
  const q = escapeHtml(params.query.trim());
  const cards = videos
    .map(
      (v) =>
        `<li><a href="${escapeHtml(v.link)}"><img src="${escapeHtml(v.thumbnail)}" alt="" width="90" height="160"><span>${escapeHtml(v.title)}</span></a><small>${escapeHtml(v.source)} · ${escapeHtml(v.account_name)} · ${escapeHtml(v.date)}</small></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${q} - Short videos</title>
<style>body{font-family:sans-serif;margin:16px}ul{display:flex;flex-wrap:wrap;gap:12px;list-style:none;padding:0}li{width:140px}img{display:block;background:#ddd}small{color:#555}</style>
</head>
<body>
<h1>Short videos for “${q}”</h1>
<ul>
${cards}
</ul>
<script>document.body.setAttribute('data-script-ran', 'yes'); try { parent.document.title = 'script ran'; } catch (e) {}</script>
</body>
</html>
`;
}
