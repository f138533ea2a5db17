import { formatNumber } from '../../../lib/format.ts';
import type { Keyword, KeywordSort } from '../lib/expansion.ts';

const COLUMNS: { key: KeywordSort; label: string }[] = [
  { key: 'keyword', label: 'Keyword' },
  { key: 'relevance', label: 'Best relevance' },
  { key: 'letters', label: 'Seen under' },
];

/** The merged keywords; a column header button sorts by that column. */
export function KeywordTable({
  rows,
  sort,
  onSort,
}: {
  rows: readonly Keyword[];
  sort: KeywordSort;
  onSort: (by: KeywordSort) => void;
}) {
  return (
    <div className="max-h-[32rem] overflow-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Keywords from the expansion</caption>
        <thead className="sticky top-0 bg-white dark:bg-slate-950">
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={
                  sort === c.key ? (c.key === 'keyword' ? 'ascending' : 'descending') : undefined
                }
                className="px-2 py-1"
              >
                <button
                  type="button"
                  className="font-semibold underline-offset-2 hover:underline"
                  onClick={() => onSort(c.key)}
                >
                  {c.label}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.keyword} className="border-t border-slate-200 dark:border-slate-700">
              <td className="px-2 py-1">{r.keyword}</td>
              <td className="px-2 py-1 tabular-nums">
                {r.relevance === null ? '–' : formatNumber(r.relevance)}
              </td>
              <td className="px-2 py-1 font-mono">{r.letters.join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
