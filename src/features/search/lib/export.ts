import type { OrganicResult } from '../../../api/schemas.ts';
import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import { fileDate, fileSlug } from '../../../lib/download.ts';
import type { RankDiff } from '../../../lib/rank-diff.ts';

const BASE_COLUMNS = [
  'rank',
  'title',
  'link',
  'displayed_link',
  'snippet',
  'date',
  'missing',
] as const;
const KNOWN = new Set<string>([...BASE_COLUMNS, 'extended_sitelinks']);

function cellOf(value: unknown): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/**
 * Every field of every result as CSV. Sitelinks are flattened into
 * sitelink_N_title / sitelink_N_link column pairs; fields the interface does not
 * name are kept as extra columns (objects as JSON).
 */
export function resultsToCsv(results: readonly OrganicResult[]): string {
  const maxSitelinks = Math.max(0, ...results.map((r) => r.extended_sitelinks.length));
  const extras = [
    ...new Set(results.flatMap((r) => Object.keys(r).filter((k) => !KNOWN.has(k)))),
  ].sort();
  const header = [
    ...BASE_COLUMNS,
    'sitelinks_count',
    ...Array.from({ length: maxSitelinks }, (_, i) => [
      `sitelink_${i + 1}_title`,
      `sitelink_${i + 1}_link`,
    ]).flat(),
    ...extras,
  ];
  const rows = results.map((r, i) => [
    r.rank ?? i + 1,
    r.title,
    r.link,
    r.displayed_link,
    r.snippet,
    r.date,
    r.missing.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('; '),
    r.extended_sitelinks.length,
    ...Array.from({ length: maxSitelinks }, (_, j) => {
      const s = r.extended_sitelinks[j];
      return [s?.title, s?.link];
    }).flat(),
    ...extras.map((k) => cellOf(r[k])),
  ]);
  return toCsv(header, rows);
}

export function comparisonToCsv(diff: RankDiff, labelA: string, labelB: string): string {
  const rows = [...diff.a, ...diff.b.filter((r) => r.change === 'new')].map((r) => [
    r.link,
    r.title,
    r.rankA,
    r.rankB,
    r.change,
    r.delta,
  ]);
  return toCsv(
    ['link', 'title', `rank_${labelA}`, `rank_${labelB}`, 'change', 'places_gained'],
    rows,
  );
}

export interface SearchLabel {
  query: string;
  country: string;
  language: string;
}

export function resultsFileName(s: SearchLabel, ext: 'csv' | 'json', now?: Date): string {
  return `search_${fileSlug(s.query)}_${fileSlug(s.country)}_${fileSlug(s.language)}_${fileDate(now)}.${ext}`;
}

export function comparisonFileName(
  a: SearchLabel,
  b: SearchLabel,
  ext: 'csv' | 'json',
  now?: Date,
): string {
  return `search-compare_${fileSlug(a.query)}_${fileSlug(a.country)}-${fileSlug(a.language)}_vs_${fileSlug(b.country)}-${fileSlug(b.language)}_${fileDate(now)}.${ext}`;
}
