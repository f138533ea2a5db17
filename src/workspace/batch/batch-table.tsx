import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { Link } from 'react-router';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { requestHref } from '../../api/request-link.ts';
import { CellBadge } from './cell-badge.tsx';
import { localeLabel } from '../runs/lib/locale.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import type { Pivot, PivotCell, PivotRow } from '../runs/lib/pivot.ts';
import { resultRows, type BatchAnswer } from '../runs/lib/results.ts';

/** Every row is this tall, so the table scrolls without measuring a row. */
const ROW_HEIGHT = 64;
/** Before the box is measured (and in jsdom, which lays nothing out). */
const INITIAL_RECT = { width: 960, height: 480 };

const hasAnswer = (c: PivotCell) =>
  c.view.kind === 'ranked' ||
  c.view.kind === 'unranked' ||
  c.view.kind === 'answered' ||
  c.view.kind === 'cached';

/** A link's path, short enough for a cell: the ranking URL at a glance. */
function shortUrl(link: string): string {
  try {
    const url = new URL(link);
    return `${url.pathname}${url.search}` || '/';
  } catch {
    return link;
  }
}

/** An answer at a glance where the pivot has no target: how many results, and the first. */
function ResultsLine({ answer, params }: { answer: BatchAnswer; params: BatchCell['params'] }) {
  const rows = resultRows(answer, params);
  return (
    <span className="truncate text-xs text-slate-600 dark:text-slate-400" title={rows[0]?.title}>
      {rows.length} result{rows.length === 1 ? '' : 's'}
      {rows[0] ? `: ${rows[0].title}` : ''}
    </span>
  );
}

function Cell({
  cell,
  competitors,
  answer,
}: {
  cell: PivotCell;
  competitors: readonly string[];
  answer: ((cell: BatchCell) => BatchAnswer | undefined) | null;
}) {
  if (!cell.cell) return <span className="text-xs text-slate-500">—</span>;
  const c = cell.cell;
  const found = answer && hasAnswer(cell) ? answer(c) : undefined;
  const label = `“${c.query}” (${localeLabel(c.locale)})`;
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <div className="flex min-w-0 items-center gap-2">
        <CellBadge view={cell.view} />
        {hasAnswer(cell) && (
          <Link
            to={requestHref(c.endpoint, c.params)}
            state={{ reopen: true }}
            className="btn-link shrink-0 text-xs"
            aria-label={`Open ${label} in ${ENDPOINTS[c.endpoint].title} (0 credits)`}
          >
            open
          </Link>
        )}
      </div>
      {cell.link && (
        <span className="truncate text-xs text-slate-600 dark:text-slate-400" title={cell.link}>
          {cell.unexpectedUrl && (
            <strong className="text-amber-800 dark:text-amber-300">not the expected URL: </strong>
          )}
          {shortUrl(cell.link)}
        </span>
      )}
      {found && <ResultsLine answer={found} params={c.params} />}
      {competitors.length > 0 && hasAnswer(cell) && (
        <span className="truncate text-xs text-slate-600 dark:text-slate-400">
          {competitors
            .map((d, i) => `${d} ${cell.competitors[i] === null ? '–' : `#${cell.competitors[i]}`}`)
            .join(' · ')}
        </span>
      )}
    </div>
  );
}

function spreadText(row: PivotRow): string {
  const { best, worst, range, unranked } = row.spread;
  const parts = [
    best === null ? null : best === worst ? `#${best}` : `#${best}–#${worst} (${range})`,
    unranked > 0 ? `${unranked} not in the results` : null,
  ].filter((p) => p !== null);
  return parts.join(' · ') || '—';
}

/**
 * One query's row: memoised, since a running batch's pivot keeps the rows that did not change
 * (decision 112) and a render every few answers then commits only the rows that did.
 */
const PivotRowView = memo(function PivotRowView({
  row,
  index,
  competitors,
  answer,
  showSpread,
}: {
  row: PivotRow;
  index: number;
  competitors: readonly string[];
  answer: ((cell: BatchCell) => BatchAnswer | undefined) | null;
  showSpread: boolean;
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      style={{ height: ROW_HEIGHT }}
      className="border-t border-slate-200 align-top dark:border-slate-700"
    >
      <th scope="row" className="truncate px-2 py-1 font-normal" title={row.query}>
        {row.query}
      </th>
      {row.cells.map((c, i) => (
        <td key={i} className="overflow-hidden px-2 py-1">
          <Cell cell={c} competitors={competitors} answer={answer} />
        </td>
      ))}
      {showSpread && <td className="px-2 py-1 text-xs">{spreadText(row)}</td>}
    </tr>
  );
});

/**
 * The batch as a table: a row per query, a column per locale, each cell in its state (the
 * target's rank when the pivot has a target). Only the rows in view are in the page, so a
 * thousand cells scroll like twenty; the box is focusable so arrow keys scroll it.
 */
export const BatchTable = memo(function BatchTable({
  pivot,
  showSpread,
  answer,
}: {
  pivot: Pivot;
  showSpread: boolean;
  /** Without a target (autocomplete, shorts, a search pivot not set yet): each answer's results. */
  answer: ((cell: BatchCell) => BatchAnswer | undefined) | null;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = pivot.rows;
  // The virtualizer is read fresh on every render; nothing here memoizes what it returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    getItemKey: (i) => rows[i]?.query ?? i,
    initialRect: INITIAL_RECT,
    // Without a ResizeObserver (jsdom) the box keeps its initial size instead of measuring 0.
    observeElementRect: (instance, cb) =>
      typeof ResizeObserver === 'undefined' ? undefined : observeElementRect(instance, cb),
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columns = 1 + pivot.locales.length + (showSpread ? 1 : 0);
  return (
    <div
      ref={scrollRef}
      // A focusable box that scrolls: keyboard users move through it with the arrow keys.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label="Batch cells"
      // Where a demo's batch step with its recorded answers lands (land-on-step.ts).
      data-demo-focus="table"
      // Contained: a new pivot lays out and paints this box alone, not the page around it.
      className="max-h-[30rem] overflow-auto rounded border border-slate-200 [contain:content] dark:border-slate-700"
    >
      <table aria-rowcount={rows.length + 1} className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">
          A row per query and a column per locale; each cell says its state
          {pivot.target ? ` and where ${pivot.target} ranks` : ''}.
        </caption>
        <thead className="sticky top-0 z-10 bg-white dark:bg-slate-950">
          <tr aria-rowindex={1}>
            <th scope="col" className="w-1/4 px-2 py-1">
              Query
            </th>
            {pivot.locales.map((l) => (
              <th key={localeLabel(l)} scope="col" className="px-2 py-1">
                {localeLabel(l)}
              </th>
            ))}
            {showSpread && (
              <th scope="col" className="w-40 px-2 py-1">
                Spread
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={columns} />
            </tr>
          )}
          {items.map((item) => (
            <PivotRowView
              key={item.key}
              row={rows[item.index]!}
              index={item.index}
              competitors={pivot.competitors}
              answer={answer}
              showSpread={showSpread}
            />
          ))}
          {after > 0 && (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
});
