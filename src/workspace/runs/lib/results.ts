import type { AutocompleteResponse, SearchResponse, ShortsResponse } from '../../../api/schemas.ts';
import { hostOf } from '../../../lib/links.ts';

/** A cell's answer as its endpoint's schema read it. */
export type BatchAnswer =
  | { endpoint: 'search'; data: SearchResponse }
  | { endpoint: 'autocomplete'; data: AutocompleteResponse }
  | { endpoint: 'shorts'; data: ShortsResponse };

/** One result of an answer, in the columns every endpoint shares. */
export interface ResultRow {
  rank: number;
  title: string;
  link: string;
  /** The link's host without `www.`; empty without a link. */
  domain: string;
}

const row = (rank: number, title: string | undefined, link: string | undefined): ResultRow => ({
  rank,
  title: title ?? '',
  link: link ?? '',
  domain: hostOf(link) ?? '',
});

/**
 * The results of an answer in order: organic results by their own rank, suggestions by their
 * place (they come by relevance), short videos by their place after the page's `start`.
 */
export function resultRows(
  answer: BatchAnswer,
  params: Readonly<Record<string, string>> = {},
): ResultRow[] {
  // An answer never changes: its rows are read once (the pivot reads them on every redraw).
  const start = params.start ?? '';
  const known = read.get(answer.data);
  if (known?.start === start) return known.rows;
  const rows = readRows(answer, params);
  read.set(answer.data, { start, rows });
  return rows;
}

const read = new WeakMap<object, { start: string; rows: ResultRow[] }>();

function readRows(answer: BatchAnswer, params: Readonly<Record<string, string>>): ResultRow[] {
  switch (answer.endpoint) {
    case 'search':
      return (answer.data.organic_results ?? []).map((r, i) =>
        row(r.rank ?? i + 1, r.title, r.link),
      );
    case 'autocomplete':
      return (answer.data.suggestions ?? []).map((s, i) => row(i + 1, s.value, undefined));
    case 'shorts': {
      const skipped = Number(params.start ?? 0) || 0;
      return (answer.data.short_videos_results ?? []).map((v, i) =>
        row(skipped + i + 1, v.title, v.link),
      );
    }
  }
}
