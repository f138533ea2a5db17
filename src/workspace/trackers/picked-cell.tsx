import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAfterPaint } from '../../components/use-after-paint.ts';
import { formatNumber } from '../../lib/format.ts';
import { inNextFrame } from '../../lib/next-frame.ts';
import { localeLabel } from '../runs/lib/locale.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import { HeaderRow } from './header-row.tsx';
import { positionHistory } from './lib/history.ts';
import type { TrackerRun } from './lib/run.ts';
import type { Tracker } from './lib/tracker.ts';
import { PositionChart } from './position-chart.tsx';
import { runLabel } from './run-label.ts';
import { SerpDiff } from './serp-diff.tsx';

const HISTORY_COLUMNS = ['Run', 'Rank', 'Ranking URL'];

/**
 * A keyword's chart read on its own (a runner's tracker: that keyword's cell of each run, decision
 * 096) rather than drawn from the runs the view holds.
 */
export interface CellHistory {
  /** Reads the picked keyword's history. */
  read: (cellId: string) => void;
  /** What was read for the keyword picked last, or null. */
  shown: {
    cellId: string;
    runs: readonly TrackerRun[];
    /** Runs older than those read. */
    older: number;
    loading: boolean;
    error: string | null;
  } | null;
}

/** The keyword picked in the movers: its position chart (competitors on request) and SERP diff. */
export function PickedCell({
  pickedCell,
  tracker,
  runs,
  ran,
  reading,
  history,
}: {
  pickedCell: BatchCell;
  tracker: Tracker;
  runs: readonly TrackerRun[];
  ran: readonly TrackerRun[];
  reading: number;
  /** The chart's runs read apart (a runner's tracker); without it, drawn from `runs`. */
  history?: CellHistory;
}) {
  const id = useId();
  const own = history?.shown?.cellId === pickedCell.id ? history.shown : null;
  // Until its own history is read, the chart draws from the runs the view already holds.
  const chartRuns = own && !own.loading && !own.error ? own.runs : runs;
  const [withCompetitors, setWithCompetitors] = useState(false);
  // A keyword picked in the movers opens here, below the table: brought into view, or the
  // click would seem to do nothing (issue 40.7). Focus stays on the table, to pick the next.
  // In the next frame: scrolled in the commit, the page below a thousand rows was laid out in
  // the click's task (half of its 155 ms in the trackers bench). A block, not an expression:
  // Chromium's scrollIntoView returns a promise, which inNextFrame would call as a stop.
  const section = useRef<HTMLElement>(null);
  useEffect(
    () =>
      inNextFrame(() => {
        section.current?.scrollIntoView?.({ block: 'start' });
      }),
    [pickedCell.id],
  );
  return (
    <section
      ref={section}
      aria-labelledby={`${id}-cell`}
      className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h3 id={`${id}-cell`} className="font-semibold">
        “{pickedCell.query}” · {localeLabel(pickedCell.locale)}
      </h3>
      {tracker.competitors.length > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={withCompetitors}
            onChange={(e) => setWithCompetitors(e.target.checked)}
          />
          Show competitors on the chart
        </label>
      )}
      {history ? (
        <HistoryStatus own={own} />
      ) : (
        reading > 0 && (
          <p role="status" className="text-sm">
            Reading the earlier runs: the chart shows the newest so far.
          </p>
        )
      )}
      <CellChart
        runs={chartRuns}
        tracker={tracker}
        cellId={pickedCell.id}
        title={`Position history of ${tracker.target} for “${pickedCell.query}” (${localeLabel(pickedCell.locale)})`}
        competitors={withCompetitors}
      />
      <SerpDiffAfterPaint
        key={pickedCell.id}
        runs={ran}
        cellId={pickedCell.id}
        title={pickedCell.query}
      />
    </section>
  );
}

/**
 * The SERP diff a frame after the chart, below it (nothing above moves): the pick's task renders
 * the chart alone, and the diff's two result lists render in a task of their own.
 */
function SerpDiffAfterPaint(props: Parameters<typeof SerpDiff>[0]) {
  const painted = useAfterPaint();
  return painted ? <SerpDiff {...props} /> : null;
}

/** Where a keyword's own history read stands (decision 096). */
function HistoryStatus({ own }: { own: CellHistory['shown'] }) {
  if (own?.error) return <p role="alert">{own.error}</p>;
  return (
    <p role="status" className="text-sm">
      {!own || own.loading
        ? 'Reading this keyword’s runs: the chart shows the newest so far.'
        : own.older > 0
          ? `The chart shows this keyword’s newest ${formatNumber(own.runs.length)} runs (${formatNumber(own.older)} older not read).`
          : `The chart shows every run of this keyword (${formatNumber(own.runs.length)}).`}
    </p>
  );
}

function CellChart({
  runs,
  tracker,
  cellId,
  title,
  competitors,
}: {
  runs: readonly TrackerRun[];
  tracker: Tracker;
  cellId: string;
  title: string;
  competitors: boolean;
}) {
  const target = useMemo(
    () => ({ label: tracker.target, history: positionHistory(runs, cellId, tracker.target) }),
    [runs, cellId, tracker.target],
  );
  const others = useMemo(
    () =>
      competitors
        ? tracker.competitors.map((c) => ({ label: c, history: positionHistory(runs, cellId, c) }))
        : [],
    [competitors, runs, cellId, tracker.competitors],
  );
  const best = target.history.best;
  const ranked = target.history.points.filter((p) => p.kind === 'ranked');
  const last = ranked.at(-1);
  return (
    <div className="space-y-1">
      <PositionChart title={title} target={target} competitors={others} />
      <details className="text-sm">
        <summary>Rank and ranking URL of each run</summary>
        <table className="mt-1 min-w-full">
          <caption className="sr-only">The target’s rank and ranking URL in each run</caption>
          <HeaderRow labels={HISTORY_COLUMNS} />
          <tbody>
            {target.history.points.map((p) => (
              <tr key={p.run.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">{runLabel(p.run)}</td>
                <td className="px-2 py-1">
                  {p.kind === 'ranked'
                    ? `#${p.rank}`
                    : p.kind === 'not-in-results'
                      ? 'not in the results'
                      : 'not checked'}
                </td>
                <td className="break-all px-2 py-1">
                  {p.kind === 'ranked' && p.link}
                  {p.kind === 'ranked' && p.urlChanged && (
                    <strong className="ml-1 text-amber-800 dark:text-amber-300">(changed)</strong>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="text-sm">
        {best
          ? `Best ever: #${best.rank} (${runLabel(best.run)}).`
          : 'Never in the results so far.'}
        {last && ` Ranking URL: ${last.link}.`}
        {ranked.some((p) => p.urlChanged) && ' The ranking URL changed at the ringed runs.'}
      </p>
    </div>
  );
}
