import type { BatchEndpointId } from './endpoints.ts';
import type { BatchRow } from './intake.ts';
import { distinctLocales, type Locale } from './locale.ts';

/** One request of a batch: a query at a locale. */
export interface BatchCell {
  /** The same request has the same id in every batch and after a reload (endpoint and parameters). */
  id: string;
  endpoint: BatchEndpointId;
  query: string;
  locale: Locale;
  /** What is sent, as a view's form holds it: so opening the cell in its view finds its answer. */
  params: Record<string, string>;
}

export interface Matrix {
  cells: BatchCell[];
  /** The columns: the batch's locales and those rows named for themselves, in order. */
  locales: Locale[];
  /** Cells dropped because another row or locale already asks the same (e.g. a row's own locale). */
  duplicates: number;
}

/** `search?country=gb&language=en&query=coffee`: readable, and the same for the same request. */
export function cellId(
  endpoint: BatchEndpointId,
  params: Readonly<Record<string, string>>,
): string {
  const pairs = Object.entries(params)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return `${endpoint}?${pairs.join('&')}`;
}

/**
 * The query and locale a cell id names (`cellId`'s inverse), for a cell kept in a stored run
 * that today's matrix no longer has (a tracker edited since); null for an id of another form.
 */
export function cellOfId(id: string): Omit<BatchCell, 'endpoint'> | null {
  const at = id.indexOf('?');
  if (at < 0) return null;
  const params = Object.fromEntries(new URLSearchParams(id.slice(at + 1)));
  const { query, country, language } = params;
  if (query === undefined || country === undefined || language === undefined) return null;
  return { id, query, locale: { country, language }, params };
}

/**
 * Queries × locales, one request per cell, in reading order (each query across its locales).
 * A row with a locale of its own (from a CSV file) is one cell at that locale.
 */
export function buildMatrix(
  endpoint: BatchEndpointId,
  rows: readonly BatchRow[],
  locales: readonly Locale[],
): Matrix {
  const cells: BatchCell[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const columns = distinctLocales([
    ...locales,
    ...rows.flatMap((r) => (r.locale ? [r.locale] : [])),
  ]);
  for (const row of rows) {
    for (const locale of row.locale ? [row.locale] : distinctLocales(locales)) {
      const params = { ...row.params, query: row.query, ...locale };
      const id = cellId(endpoint, params);
      if (seen.has(id)) {
        duplicates += 1;
        continue;
      }
      seen.add(id);
      cells.push({ id, endpoint, query: row.query, locale, params });
    }
  }
  return { cells, locales: columns, duplicates };
}
