import { toCsv } from '../../../lib/csv.ts';
import type { Suggestion } from './suggestions.ts';

export { expansionLetters, expansionQuery } from '../../../lib/prefixes.ts';

/** One keyword of the merged table. */
export interface Keyword {
  keyword: string;
  /** The best relevance it had under any letter (null when the service gave none). */
  relevance: number | null;
  /** The letters under which it came up, in expansion order. */
  letters: string[];
}

/** Merges the suggestions of every letter into one list of unique keywords. */
export function mergeKeywords(
  answers: readonly { letter: string; suggestions: readonly Suggestion[] }[],
): Keyword[] {
  const byKeyword = new Map<string, Keyword>();
  for (const { letter, suggestions } of answers) {
    for (const s of suggestions) {
      const key = s.value.trim().toLowerCase();
      const known = byKeyword.get(key);
      if (!known) {
        byKeyword.set(key, { keyword: s.value.trim(), relevance: s.relevance, letters: [letter] });
        continue;
      }
      if (s.relevance !== null && (known.relevance === null || s.relevance > known.relevance))
        known.relevance = s.relevance;
      if (!known.letters.includes(letter)) known.letters.push(letter);
    }
  }
  return [...byKeyword.values()];
}

export type KeywordSort = 'relevance' | 'keyword' | 'letters';

/** A sort as the page URL names it; anything else (none) is by relevance. */
export const keywordSortOf = (name: string | null): KeywordSort =>
  name === 'keyword' || name === 'letters' ? name : 'relevance';

/** Sorted copy: by best relevance (high first), keyword (A–Z) or how many letters (most first). */
export function sortKeywords(rows: readonly Keyword[], by: KeywordSort): Keyword[] {
  const byName = (a: Keyword, b: Keyword) => a.keyword.localeCompare(b.keyword);
  const compare: Record<KeywordSort, (a: Keyword, b: Keyword) => number> = {
    relevance: (a, b) => (b.relevance ?? -1) - (a.relevance ?? -1) || byName(a, b),
    keyword: byName,
    letters: (a, b) => b.letters.length - a.letters.length || byName(a, b),
  };
  return [...rows].sort(compare[by]);
}

export function keywordsToCsv(rows: readonly Keyword[]): string {
  return toCsv(
    ['keyword', 'best_relevance', 'letters'],
    rows.map((r) => [r.keyword, r.relevance, r.letters.join(' ')]),
  );
}

export function keywordsToJson(query: string, rows: readonly Keyword[]): string {
  return JSON.stringify({ query, keywords: rows }, null, 2);
}
