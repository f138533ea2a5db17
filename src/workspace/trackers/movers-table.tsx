import { memo, useId, useMemo, useState } from 'react';
import { useAfterPaint } from '../../components/use-after-paint.ts';
import { useIdleStages } from '../../components/use-idle-stages.ts';
import { formatNumber } from '../../lib/format.ts';
import { localeKey, localeLabel, type Locale } from '../runs/lib/locale.ts';
import { sortMovers, type Mover, type MoverSort } from './lib/movers.ts';
import {
  CELL_CLASS,
  COLUMNS,
  HEADER_CLASS,
  KEYWORD_CLASS,
  MOVE_CLASS,
  moveText,
  MOVERS_CAPTION,
  MUTED_CLASS,
  FIRST_FRAME,
  PAGE,
  PICKED_ROW_CLASS,
  rankText,
  ROW_CLASS,
  ROW_PX,
  SELECT_CLASS,
  STATUS_CLASS,
  URL_CHANGED_CLASS,
} from './detail-parts.ts';

/**
 * Rows added per stage once "Show all" is pressed, each stage a painted frame and an idle
 * moment after the one before (`useIdleStages`). A slice below the screen is not laid out
 * until it comes near (`content-visibility: auto`), so a stage costs its render and, for the
 * slice that shows, its layout and paint: 50 rows keep that frame well under 50 ms where 100
 * took 46 ms of CPU traced (decision 123).
 */
const SLICE = 50;

/**
 * The sorted rows cut where they appear: the first frame's, the rest of the first page, then
 * "Show all"'s slices. Each slice is a row group of its own that renders only when its rows or
 * its picked row change, so a new slice or a pick does not render the thousand rows before it.
 */
function sliceRows(rows: readonly Mover[]): Mover[][] {
  const slices = [rows.slice(0, FIRST_FRAME), rows.slice(FIRST_FRAME, PAGE)];
  for (let from = PAGE; from < rows.length; from += SLICE)
    slices.push(rows.slice(from, from + SLICE));
  return slices.filter((slice) => slice.length > 0);
}

/** The slices shown: the first frame's, the first page once painted, all of them in stages. */
function slicesShown(all: boolean, painted: boolean, stage: number): number {
  if (all) return 2 + stage;
  return painted ? 2 : 1;
}

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
  /** Kept the same across renders by the caller: every row group is given it. */
  onPick: (cellId: string) => void;
  picked: string | null;
}) {
  const id = useId();
  const [sort, setSort] = useState<MoverSort>('size');
  const [locale, setLocale] = useState('');
  const [all, setAll] = useState(false);
  const chosen = locales.find((l) => localeKey(l) === locale) ?? null;
  const rows = useMemo(() => sortMovers(movers, sort, { locale: chosen }), [movers, sort, chosen]);
  const slices = useMemo(() => sliceRows(rows), [rows]);
  // "Show all": one slice more each time the page is idle after painting the one before (a
  // thousand rows at once held the page for over 100 ms), below the rows already shown. Sorted
  // or filtered again, the rows fill again from the first page down.
  const painted = useAfterPaint();
  const stage = useIdleStages(all ? Math.max(0, slices.length - 2) : 0, rows);
  const shown = slices.slice(0, slicesShown(all, painted, stage));
  // The first page's rows not shown yet hold their place, so nothing below them moves down.
  const waiting = Math.min(rows.length, PAGE) - shown.reduce((n, slice) => n + slice.length, 0);
  const filling = all && shown.length < slices.length;
  const header = (key: MoverSort, label: string) => (
    <div
      role="columnheader"
      aria-sort={sort === key ? (key === 'size' ? 'descending' : 'ascending') : 'none'}
      className={HEADER_CLASS}
    >
      <button
        type="button"
        className="underline-offset-2 hover:underline"
        onClick={() => setSort(key)}
      >
        {label}
      </button>
    </div>
  );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={`${id}-locale`}>Locale</label>
        <select
          id={`${id}-locale`}
          value={locale}
          onChange={(e) => setLocale(e.target.value)}
          className={SELECT_CLASS}
        >
          <option value="">All locales</option>
          {locales.map((l) => (
            <option key={localeKey(l)} value={localeKey(l)}>
              {localeLabel(l)}
            </option>
          ))}
        </select>
        <span className={MUTED_CLASS}>Sort by a column’s name.</span>
      </div>
      <div className="overflow-x-auto">
        <div role="table" aria-labelledby={`${id}-caption`} aria-busy={filling} className="text-sm">
          <div id={`${id}-caption`} className="sr-only">
            {MOVERS_CAPTION}
          </div>
          <div role="rowgroup" className="border-b border-slate-300 dark:border-slate-600">
            <div role="row" className={COLUMNS}>
              {header('query', 'Keyword')}
              <div role="columnheader" className={HEADER_CLASS}>
                Locale
              </div>
              {header('before', 'Before')}
              {header('after', 'After')}
              {header('size', 'Move')}
            </div>
          </div>
          {shown.map((slice) => (
            <MoverRows
              key={slice[0]!.cell.id}
              rows={slice}
              picked={picked !== null && slice.some((m) => m.cell.id === picked) ? picked : null}
              onPick={onPick}
            />
          ))}
          {!all && waiting > 0 && <RowsToCome rows={waiting} />}
        </div>
      </div>
      {!all && rows.length > PAGE && (
        <button type="button" className="text-sm underline" onClick={() => setAll(true)}>
          Show all {rows.length} rows
        </button>
      )}
      {/* Said once, when the last slice is in: not once per slice. */}
      <p role="status" className={STATUS_CLASS}>
        {all && !filling && rows.length > PAGE
          ? `All ${formatNumber(rows.length)} rows shown.`
          : ''}
      </p>
    </div>
  );
}

/**
 * One slice of the movers' rows, a row group of its own: rendered again only when its rows, the
 * pick inside it or `onPick` change.
 */
const MoverRows = memo(function MoverRows({
  rows,
  picked,
  onPick,
}: {
  rows: readonly Mover[];
  /** The picked cell when it is one of these rows, else null. */
  picked: string | null;
  onPick: (cellId: string) => void;
}) {
  return (
    <div
      role="rowgroup"
      className="[content-visibility:auto]"
      style={{ containIntrinsicSize: `auto ${rows.length * ROW_PX}px` }}
    >
      {rows.map((m) => (
        <div
          role="row"
          key={m.cell.id}
          className={picked === m.cell.id ? `${ROW_CLASS} ${PICKED_ROW_CLASS}` : ROW_CLASS}
        >
          <div role="cell" className={`${CELL_CLASS} wrap-anywhere`}>
            <button
              type="button"
              className={KEYWORD_CLASS}
              onClick={() => onPick(m.cell.id)}
              aria-pressed={picked === m.cell.id}
            >
              {m.cell.query}
            </button>
          </div>
          <div role="cell" className={CELL_CLASS}>
            {localeLabel(m.cell.locale)}
          </div>
          <div role="cell" className={CELL_CLASS}>
            {rankText(m.before)}
          </div>
          <div role="cell" className={CELL_CLASS}>
            {rankText(m.after)}
            {m.urlChanged && <span className={URL_CHANGED_CLASS}>(another URL)</span>}
          </div>
          <div role="cell" className={`${CELL_CLASS} ${MOVE_CLASS[m.move]}`}>
            {moveText(m)}
          </div>
        </div>
      ))}
    </div>
  );
});

/** The height of rows the first page shows a frame later (decision 126): read by no one. */
const RowsToCome = ({ rows }: { rows: number }) => (
  <div aria-hidden="true" style={{ height: `${rows * ROW_PX}px` }} />
);
