import { createRng } from '../random.ts';

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

const PLATFORMS = [
  { name: 'YouTube', colour: '#ff0000', host: 'www.youtube.com' },
  { name: 'TikTok', colour: '#111111', host: 'www.tiktok.com' },
  { name: 'Instagram', colour: '#c13584', host: 'www.instagram.com' },
  { name: 'Facebook', colour: '#1877f2', host: 'www.facebook.com' },
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
];
const ACCOUNTS = [
  'dailybits',
  'the.curious.cook',
  'urbanexplorer',
  'techwithtara',
  'minutefacts',
  'mo.makes',
  'quietstudio',
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

export function shortVideos(
  params: { query: string; country?: string; language?: string; start?: string },
  imageBase: string,
): ShortVideoRecord[] {
  const q = params.query.trim().replace(/\s+/g, ' ');
  const rng = createRng(
    `shorts|${q.toLowerCase()}|${params.country ?? 'us'}|${params.language ?? 'en'}|${params.start ?? '0'}`,
  );
  const count = rng.int(6, 10);
  return Array.from({ length: count }, (_, i) => {
    const platform = rng.pick(PLATFORMS);
    const id = `${rng.int(100000, 999999)}${i}`;
    const year = rng.int(2023, 2026);
    return {
      title: rng.pick(TITLES).replace('{q}', q),
      source: platform.name,
      source_logo: logoDataUri(platform.colour, platform.name.charAt(0)),
      thumbnail: `${imageBase}/short-${id}.jpg`,
      gif_url: `${imageBase}/short-${id}-preview.jpg`,
      account_name: rng.pick(ACCOUNTS),
      date: `${rng.pick(MONTHS)} ${rng.int(1, 28)}, ${year}`,
      link: `https://${platform.host}/shorts/${id}`,
    };
  });
}
