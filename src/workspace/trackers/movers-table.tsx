import { useEffect, useId, useMemo, useState } from 'react';
import { useAfterPaint } from '../../components/use-after-paint.ts';
import { localeKey, localeLabel, type Locale } from '../runs/lib/locale.ts';
import { sortMovers, type Mover, type MoverSort } from './lib/movers.ts';

const MOVE_TEXT: Record<Mover['move'], string> = {
  up: 'up',
  down: 'down',
  unchanged: 'unchanged',
  new: 'new in the top',
  lost: 'lost from the top',
  out: 'outside the top',
  'not-checked': 'not checked',
};

const MOVE_CLASS: Record<Mover['move'], string> = {
  up: 'text-emerald-800 dark:text-emerald-300 font-semibold',
  down: 'text-red-800 dark:text-red-300 font-semibold',
  new: 'text-emerald-800 dark:text-emerald-300 font-semibold',
  lost: 'text-red-800 dark:text-red-300 font-semibold',
  unchanged: '',
  out: 'text-slate-600 dark:text-slate-400',
  'not-checked': 'italic text-slate-600 dark:text-slate-400',
};

const rank = (r: number | null | undefined) =>
  r === undefined ? 'not checked' : r === null ? 'not in the results' : `#${r}`;

/** How many rows the table shows before "Show all": a tracker can have a thousand cells. */
const PAGE = 50;
/**
 * Rows in the table's first frame: about a phone's screen of them. The rest of the page follows
 * a frame later, below them (nothing moves): the first row is painted without waiting for them.
 */
const FIRST_FRAME = 12;
/** Rows added per task once "Show all" is pressed. */
const SLICE = 150;

/**
 * The movers between two runs: one row per keyword × locale, sortable by the size of the move,
 * the keyword or either rank, filterable by locale. A row's keyword opens its chart.
 */
export function MoversTable({
  movers,
  locales,
  onPick,
  picked,
}: {
  movers: readonly Mover[];
  locales: readonly Locale[];
  onPick: (cellId: string) => void;
  picked: string | null;
}) {
  const id = useId();
  const [sort, setSort] = useState<MoverSort>('size');
  const [locale, setLocale] = useState('');
  const [all, setAll] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const painted = useAfterPaint();
  const chosen = locales.find((l) => localeKey(l) === locale) ?? null;
  const rows = useMemo(() => sortMovers(movers, sort, { locale: chosen }), [movers, sort, chosen]);
  // "Show all" adds rows a slice at a time, each in a task of its own: a thousand rows at once
  // would hold the page for over 100 ms (the trackers bench).
  useEffect(() => {
    if (!all || limit >= rows.length) return;
    const timer = setTimeout(() => setLimit((n) => n + SLICE), 0);
    return () => clearTimeout(timer);
  }, [all, limit, rows.length]);
  const shown = rows.slice(0, all ? limit : painted ? PAGE : FIRST_FRAME);
  const header = (key: MoverSort, label: string) => (
    <th
      scope="col"
      aria-sort={sort === key ? (key === 'size' ? 'descending' : 'ascending') : 'none'}
      className="px-2 py-1 text-left"
    >
      <button
        type="button"
        className="underline-offset-2 hover:underline"
        onClick={() => setSort(key)}
      >
        {label}
      </button>
    </th>
  );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={`${id}-locale`}>Locale</label>
        <select
          id={`${id}-locale`}
          value={locale}
          onChange={(e) => setLocale(e.target.value)}
          className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">All locales</option>
          {locales.map((l) => (
            <option key={localeKey(l)} value={localeKey(l)}>
              {localeLabel(l)}
            </option>
          ))}
        </select>
        <span className="text-slate-600 dark:text-slate-400">Sort by a column’s name.</span>
      </div>
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">
            Movers: the target’s rank in each keyword and locale between the two runs
          </caption>
          <thead className="border-b border-slate-300 dark:border-slate-600">
            <tr>
              {header('query', 'Keyword')}
              <th scope="col" className="px-2 py-1 text-left">
                Locale
              </th>
              {header('before', 'Before')}
              {header('after', 'After')}
              {header('size', 'Move')}
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr
                key={m.cell.id}
                className={`border-b border-slate-100 dark:border-slate-800 ${picked === m.cell.id ? 'bg-teal-50 dark:bg-teal-950/40' : ''}`}
              >
                <td className="px-2 py-1">
                  <button
                    type="button"
                    className="text-left text-teal-800 underline dark:text-teal-300"
                    onClick={() => onPick(m.cell.id)}
                    aria-pressed={picked === m.cell.id}
                  >
                    {m.cell.query}
                  </button>
                </td>
                <td className="px-2 py-1">{localeLabel(m.cell.locale)}</td>
                <td className="px-2 py-1">{rank(m.before)}</td>
                <td className="px-2 py-1">
                  {rank(m.after)}
                  {m.urlChanged && (
                    <span className="ml-1 text-xs text-amber-800 dark:text-amber-300">
                      (another URL)
                    </span>
                  )}
                </td>
                <td className={`px-2 py-1 ${MOVE_CLASS[m.move]}`}>
                  {MOVE_TEXT[m.move]}
                  {m.size !== 0 && ` ${Math.abs(m.size)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!all && rows.length > PAGE && (
        <button type="button" className="text-sm underline" onClick={() => setAll(true)}>
          Show all {rows.length} rows
        </button>
      )}
    </div>
  );
}
