import { createRng } from '../random.ts';
import { hashString } from '../random.ts';
import {
  autocompleteCorpus,
  CONTINUATIONS,
  localEntries,
  localeTweak,
  type CorpusEntry,
} from './autocomplete-corpus.ts';

export interface AutocompleteRecord {
  suggestions: { value: string; relevance: number; type: string }[];
  verbatim_relevance: number;
}

// Filler for a prefix the corpus barely knows, so every query gets a realistic list.
const FALLBACK_TAILS = [
  'near me',
  'meaning',
  'price',
  'reviews',
  'how to',
  'online',
  'app',
  'jobs',
];

/**
 * Completions of a prefix from the corpus, like the live service: about 8–10 suggestions,
 * integer relevance descending from about 1250 to 550, `verbatim_relevance` for the text as
 * typed. Country and language reorder the list and add a few local queries. Deterministic.
 */
export function suggestions(params: {
  query: string;
  country?: string;
  language?: string;
}): AutocompleteRecord {
  const q = params.query.trim().replace(/\s+/g, ' ').toLowerCase();
  const country = (params.country ?? 'us').toLowerCase();
  const language = (params.language ?? 'en').toLowerCase();
  const rng = createRng(`ac|${q}|${country}|${language}`);
  const count = rng.int(8, 10);

  const ranked = [...autocompleteCorpus(), ...localEntries(country, language)]
    .filter((e) => e.text.startsWith(q) && e.text !== q)
    .map((e) => ({ ...e, score: e.popularity + localeTweak(e.text, country, language) }))
    .sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  const picked: Pick<CorpusEntry, 'text' | 'type'>[] = [];
  const seen = new Set<string>();
  for (const e of ranked) {
    if (picked.length >= count) break;
    if (seen.has(e.text)) continue;
    seen.add(e.text);
    picked.push(e);
  }
  // A half-typed last word after a query the corpus lacks ("coffee jobs a") completes with
  // the continuation words that start with it; otherwise only from the corpus.
  const partialWord = /(^|\s)\S{1,2}$/.test(q);
  const partial = /^(.*\S)\s+(\S{1,2})$/.exec(q);
  if (partial) {
    const [, stem = '', start = ''] = partial;
    const words = CONTINUATIONS.filter((w) => w.startsWith(start) && w !== start).sort(
      (a, b) => hashString(`${stem} ${a}`) - hashString(`${stem} ${b}`),
    );
    for (const word of words) {
      if (picked.length >= count) break;
      const text = `${stem} ${word}`;
      if (seen.has(text)) continue;
      seen.add(text);
      picked.push({ text, type: 'QUERY' });
    }
  }
  for (const tail of FALLBACK_TAILS) {
    if (picked.length >= count || q === '' || partialWord) break;
    const text = `${q} ${tail}`;
    if (!seen.has(text)) picked.push({ text, type: 'QUERY' });
  }

  let relevance = rng.int(1200, 1260);
  const list = picked.map((e, i) => {
    if (i > 0) relevance -= rng.int(40, 85);
    return { value: e.text, relevance: Math.max(relevance, 100), type: e.type };
  });
  const known = autocompleteCorpus().some((e) => e.text === q);
  return {
    suggestions: list,
    verbatim_relevance: known ? rng.int(1280, 1320) : rng.int(800, 1250),
  };
}
