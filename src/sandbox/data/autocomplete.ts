import { createRng } from '../random.ts';

export interface AutocompleteRecord {
  suggestions: { value: string; relevance: number; type: string }[];
  verbatim_relevance: number;
}

const CONTINUATIONS = [
  'near me',
  'recipe',
  'meaning',
  'price',
  'reviews',
  'for beginners',
  'vs',
  'how to',
  'best',
  'open now',
  'definition',
  'app',
  'online',
  'tutorial',
  'jobs',
  'today',
  '2026',
  'ideas',
];

/** Suggestions ordered by descending relevance, as the interface promises. */
export function suggestions(params: {
  query: string;
  country?: string;
  language?: string;
}): AutocompleteRecord {
  const q = params.query.trim().replace(/\s+/g, ' ').toLowerCase();
  const rng = createRng(`ac|${q}|${params.country ?? 'us'}|${params.language ?? 'en'}`);
  const picked = new Set<string>();
  const count = rng.int(5, 8);
  while (picked.size < count) picked.add(rng.pick(CONTINUATIONS));
  let relevance = rng.int(1200, 1300);
  const list = [...picked].map((tail) => {
    relevance -= rng.int(1, 60);
    return {
      value: tail === 'best' || tail === 'how to' ? `${tail} ${q}` : `${q} ${tail}`,
      relevance,
      type: 'QUERY',
    };
  });
  return { suggestions: list, verbatim_relevance: rng.int(1250, 1350) };
}
