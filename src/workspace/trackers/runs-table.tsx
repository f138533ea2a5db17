import { useId } from 'react';
import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { HeaderRow } from './header-row.tsx';
import { cellsAnswered, type MissedReason, type TrackerRun } from './lib/run.ts';
import { cellsToAsk } from './lib/tracker.ts';
import { runLabel } from './run-label.ts';
import { RUNS_TABLE_ROWS } from './tracker-session.ts';

const STATUS_TEXT: Record<TrackerRun['status'], string> = {
  running: 'running…',
  done: 'done',
  stopped: 'stopped early',
  missed: 'missed',
};

const RUN_COLUMNS = ['Started', 'Status', 'Answered', 'Cost'];

const MISSED_TEXT: Record<MissedReason, string> = {
  'no-tab': 'no dashboard tab was open',
  'monthly-cap': 'the monthly cap was reached',
  'runner-down': 'the runner was not running',
  'reserve-floor': 'it would have gone below the reserve floor',
};

/** Older runs read when the user asks (a runner's, a page at a time), not on their own. */
export interface OlderRuns {
  loading: boolean;
  load: () => void;
}

/** Every run of a tracker, oldest first: its status, how much of it was answered, its cost. */
export function RunsTable({
  runs,
  reading,
  cells,
  older,
}: {
  runs: readonly TrackerRun[];
  /** Older runs not read yet. */
  reading: number;
  /** How many requests a run of the tracker makes now. */
  cells: number;
  older?: OlderRuns;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-runs`} className="space-y-2">
      <h3 id={`${id}-runs`} className="font-semibold">
        Runs
      </h3>
      {runs.length === 0 ? (
        <p className="text-sm">No run yet: the first one anchors the schedule.</p>
      ) : (
        // Full (a fixed height) past RUNS_TABLE_ROWS: the older runs arriving move nothing.
        <div
          className={`overflow-y-auto ${runs.length + reading > RUNS_TABLE_ROWS ? 'h-64' : 'max-h-64'}`}
        >
          <table className="min-w-full text-sm">
            <caption className="sr-only">Every run of this tracker, oldest first</caption>
            <HeaderRow labels={RUN_COLUMNS} />
            <tbody>
              {reading > 0 && (
                <tr>
                  <td
                    colSpan={RUN_COLUMNS.length}
                    className="px-2 py-1 text-slate-600 dark:text-slate-400"
                  >
                    {older ? (
                      <OlderRunsButton older={older} count={reading} />
                    ) : (
                      <>
                        Reading {formatNumber(reading)} earlier run{reading === 1 ? '' : 's'}…
                      </>
                    )}
                  </td>
                </tr>
              )}
              {runs.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="px-2 py-1">{runLabel(r)}</td>
                  <td className="px-2 py-1">
                    {STATUS_TEXT[r.status]}
                    {r.missedReason && ` — ${MISSED_TEXT[r.missedReason]}`}
                    {r.compactedTo !== undefined && ` (top ${r.compactedTo} kept)`}
                    {r.fromBatch && ' — the batch it was saved from'}
                    {r.suspect !== undefined && ` — suspect: ${r.suspect}`}
                  </td>
                  <td className="px-2 py-1">
                    {r.status === 'missed'
                      ? '—'
                      : `${formatNumber(cellsAnswered(r))} of ${formatNumber(cellsToAsk(r, cells))}`}
                  </td>
                  <td className="px-2 py-1">
                    {pluralCredits(r.credits)}
                    {r.fromBatch && ' (already spent)'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OlderRunsButton({ older, count }: { older: OlderRuns; count: number }) {
  return (
    <>
      {formatNumber(count)} earlier run{count === 1 ? '' : 's'} not read yet.{' '}
      <button
        type="button"
        className="rounded border border-slate-400 px-2 py-0.5"
        disabled={older.loading}
        onClick={older.load}
      >
        {older.loading ? 'Loading older runs…' : 'Load older runs'}
      </button>
    </>
  );
}
