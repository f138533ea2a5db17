import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import { fileDate, fileSlug } from '../../../lib/download.ts';
import type { CellRuns } from './cells.ts';
import type { Locale } from './locale.ts';
import type { BatchCell } from './matrix.ts';
import type { Pivot } from './pivot.ts';
import { resultRows, type BatchAnswer } from './results.ts';

/** A locale in a spreadsheet's header: `us_en`, as the search comparison's CSV names it (no "·"). */
const csvLocale = (l: Locale) => `${l.country}_${l.language}`;

/**
 * The pivot as a spreadsheet: a row per keyword with, per locale, the target's rank (or what
 * the cell is when it has none: not in the results, not checked, failed…), the URL that ranks,
 * whether it is the expected one (a column only when an expected URL was given), and each
 * competitor's rank; then the keyword's spread; then a row per locale summary, as wide as the
 * header (a spreadsheet or a CSV reader that checks widths takes every row).
 */
export function pivotCsv(pivot: Pivot): string {
  const perLocale = (label: string) => [
    `${label} rank`,
    `${label} url`,
    ...(pivot.expectsUrl ? [`${label} expected url`] : []),
    ...pivot.competitors.map((d) => `${label} ${d}`),
  ];
  const header = [
    'query',
    ...pivot.locales.flatMap((l) => perLocale(csvLocale(l))),
    'best rank',
    'worst rank',
    'spread',
    'locales not ranked',
  ];
  const rows: CsvCell[][] = pivot.rows.map((row) => [
    row.query,
    ...row.cells.flatMap((c) => [
      c.rank ?? c.view.text,
      c.link,
      ...(pivot.expectsUrl ? [c.link === null ? null : !c.unexpectedUrl] : []),
      ...c.competitors,
    ]),
    row.spread.best,
    row.spread.worst,
    row.spread.range,
    row.spread.unranked,
  ]);
  const width = perLocale('').length;
  const summary = (label: string, value: (s: Pivot['summaries'][number]) => CsvCell) => {
    const cells: CsvCell[] = [
      label,
      ...pivot.summaries.flatMap((s) => [value(s), ...Array<CsvCell>(width - 1).fill(null)]),
    ];
    return [...cells, ...Array<CsvCell>(header.length - cells.length).fill(null)];
  };
  const share = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);
  rows.push(
    summary('(average rank)', (s) =>
      s.averageRank === null ? null : Math.round(s.averageRank * 100) / 100,
    ),
    summary('(share in top 3)', (s) => share(s.top3)),
    summary('(share in top 10)', (s) => share(s.top10)),
    summary('(keywords answered)', (s) => s.answered),
  );
  return toCsv(header, rows);
}

/** One result of one cell: the long format. */
export interface LongRow {
  query: string;
  country: string;
  language: string;
  rank: number;
  title: string;
  link: string;
  domain: string;
  /** When the answer arrived (ISO 8601). */
  run_time: string;
}

/** Every result of every answered (or cached) cell, in the batch's order. */
export function longRows(
  cells: readonly BatchCell[],
  runs: CellRuns,
  answer: (cell: BatchCell) => BatchAnswer | undefined,
): LongRow[] {
  return cells.flatMap((cell) => {
    const run = runs[cell.id];
    if (run?.state !== 'answered' && run?.state !== 'cached') return [];
    const found = answer(cell);
    if (!found) return [];
    const at = new Date(run.at).toISOString();
    return resultRows(found, cell.params).map((r) => ({
      query: cell.query,
      country: cell.locale.country,
      language: cell.locale.language,
      rank: r.rank,
      title: r.title,
      link: r.link,
      domain: r.domain,
      run_time: at,
    }));
  });
}

export const LONG_COLUMNS = [
  'query',
  'country',
  'language',
  'rank',
  'title',
  'link',
  'domain',
  'run_time',
] as const satisfies readonly (keyof LongRow)[];

/** The long format as CSV; a tracker's rows add columns of their own (its run). */
export const longCsv = <R extends LongRow>(
  rows: readonly R[],
  columns: readonly (keyof R & string)[] = LONG_COLUMNS,
) =>
  toCsv(
    columns,
    rows.map((r) => columns.map((k) => r[k] as CsvCell)),
  );

export const longJson = (rows: readonly LongRow[]) => `${JSON.stringify(rows, null, 2)}\n`;

/** `batch-pivot_example-com_2026-11-24.csv`, `batch-results_…`, `batch_….batch.json`. */
export function batchFileName(
  kind: 'pivot' | 'results' | 'definition',
  ext: 'csv' | 'json',
  target = '',
  now?: Date,
): string {
  if (kind === 'definition') return `batch_${fileDate(now)}.batch.json`;
  const about = kind === 'pivot' && target ? `_${fileSlug(target)}` : '';
  return `batch-${kind}${about}_${fileDate(now)}.${ext}`;
}
