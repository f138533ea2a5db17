import { useId, useMemo, useState } from 'react';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { fileDate, fileSlug } from '../../lib/download.ts';
import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { openKeyDialog } from '../../session/key-dialog-store.ts';
import { getApiKey } from '../../session/key-store.ts';
import { longCsv, longJson } from '../runs/lib/export.ts';
import { localeLabel } from '../runs/lib/locale.ts';
import { planBatch, planSummary } from '../runs/lib/pricing.ts';
import { useBatchAccount, useCountedCost } from '../runs/use-run-plan.ts';
import { BudgetPlanner } from './budget-planner.tsx';
import { positionHistory } from './lib/history.ts';
import { TRACKER_LONG_COLUMNS, trackerLongRows } from './lib/long-export.ts';
import { moversBetween, moversDigest } from './lib/movers.ts';
import { cellsAnswered, type TrackerRun } from './lib/run.ts';
import { scheduleAt } from './lib/schedule.ts';
import { serializeTrackers } from './lib/tracker-file.ts';
import { cellsToAsk, trackerMatrix, type Tracker } from './lib/tracker.ts';
import { MoversTable } from './movers-table.tsx';
import { PositionChart } from './position-chart.tsx';
import { runLabel } from './run-label.ts';
import { SerpDiff } from './serp-diff.tsx';
import { RUNS_TABLE_ROWS, type RunProgress, type TrackerSession } from './tracker-session.ts';
import { TrackerScope } from './tracker-scope.tsx';
import { TrackerSettings } from './tracker-settings.tsx';
import { HeaderRow } from './header-row.tsx';

const STATUS_TEXT: Record<TrackerRun['status'], string> = {
  running: 'running…',
  done: 'done',
  stopped: 'stopped early',
  missed: 'missed',
};

const RUN_COLUMNS = ['Started', 'Status', 'Answered', 'Cost'];
const HISTORY_COLUMNS = ['Run', 'Rank', 'Ranking URL'];

const MISSED_TEXT = {
  'no-tab': 'no dashboard tab was open',
  'monthly-cap': 'the monthly cap was reached',
};

const select =
  'rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

/** One tracker: Run now (priced), its runs, movers between two of them, a keyword's chart and SERP diff. */
export function TrackerDetail({
  session,
  tracker,
  runs,
  reading,
  running,
  now,
}: {
  session: TrackerSession;
  tracker: Tracker;
  /** The runs read so far, oldest first: the newest ones, then all. */
  runs: readonly TrackerRun[];
  /** Older runs not read yet (the exports and the chart wait for them). */
  reading: number;
  running: RunProgress | null;
  /** When the runs were read: the schedule's and the budget's now. */
  now: number;
}) {
  const id = useId();
  const matrix = trackerMatrix(tracker);
  const cells = matrix.cells;
  const unit = useCountedCost(tracker.endpoint);
  const account = useBatchAccount();
  const plan = planBatch({
    requests: cells.length,
    cached: 0,
    unit,
    creditsLeft: account.creditsLeft,
    cap: tracker.capPerRun,
  });
  const [toId, setToId] = useState('');
  const [fromId, setFromId] = useState('');
  // Read once per pair of runs (a thousand cells), not on every render of the view.
  const { ran, from, to, movers } = useMemo(() => {
    const ran = runs.filter((r) => r.status !== 'missed' && r.status !== 'running');
    const to = ran.find((r) => r.id === toId) ?? ran.at(-1);
    const from = ran.find((r) => r.id === fromId && r !== to) ?? ran[ran.indexOf(to!) - 1];
    const movers =
      from && to
        ? moversBetween(trackerMatrix(tracker).cells, from, to, tracker.target, tracker.topN)
        : null;
    return { ran, from, to, movers };
  }, [runs, tracker, fromId, toId]);
  const [picked, setPicked] = useState<string | null>(null);
  const [withCompetitors, setWithCompetitors] = useState(false);
  const pickedCell = cells.find((c) => c.id === picked) ?? null;
  const busy = running !== null;
  const covered = runs.flatMap((r) => (r.slot === null ? [] : [r.slot]));
  const schedule = scheduleAt(tracker.cadence, tracker.anchor, covered, now);
  const runNow = () => {
    if (!getApiKey()) return openKeyDialog();
    void session.run(tracker, account.limit());
  };
  const name = fileSlug(tracker.name) || 'tracker';

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {tracker.name}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {tracker.target ? `Follows ${tracker.target}` : 'No target domain'}
        {tracker.competitors.length > 0 && ` against ${tracker.competitors.join(', ')}`} in{' '}
        {formatNumber(new Set(cells.map((c) => c.query)).size)} keywords ×{' '}
        {matrix.locales.map(localeLabel).join(', ')} ({formatNumber(cells.length)} requests a run).
      </p>
      <div className="space-y-2 rounded border border-slate-200 p-3 dark:border-slate-700">
        <p className="text-sm" data-testid="tracker-plan">
          Next run: {planSummary(plan)}. A tracker run always asks for fresh answers: answers this
          tab already holds are asked again and paid for.
          {tracker.monthlyCap !== null && ` Monthly cap: ${pluralCredits(tracker.monthlyCap)}.`}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={runNow}
            disabled={busy}
            className="rounded bg-teal-700 px-3 py-1.5 font-medium text-white disabled:opacity-50"
          >
            Run now
          </button>
          {running?.trackerId === tracker.id && (
            <>
              <span role="status" className="text-sm">
                Running: {formatNumber(running.done)} of {formatNumber(running.total)} answered
              </span>
              <button
                type="button"
                onClick={session.cancel}
                className="rounded border border-slate-400 px-3 py-1"
              >
                Cancel
              </button>
            </>
          )}
        </div>
      </div>
      <TrackerScope tracker={tracker} onSave={(t) => void session.save(t)} />
      <TrackerSettings tracker={tracker} onSave={(t) => void session.save(t)} />
      <BudgetPlanner
        tracker={tracker}
        runCost={plan.withinCap * unit.credits}
        nextRun={schedule.due ?? schedule.next}
        now={now}
      />

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
                      Reading {formatNumber(reading)} earlier run{reading === 1 ? '' : 's'}…
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
                    </td>
                    <td className="px-2 py-1">
                      {r.status === 'missed'
                        ? '—'
                        : `${formatNumber(cellsAnswered(r))} of ${formatNumber(cellsToAsk(r, cells.length))}`}
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

      <section aria-labelledby={`${id}-movers`} className="space-y-2">
        <h3 id={`${id}-movers`} className="font-semibold">
          Movers
        </h3>
        {!movers || !from || !to ? (
          <p className="text-sm">Movers need two runs.</p>
        ) : (
          <>
            <div className="flex flex-wrap gap-3 text-sm">
              <span className="flex items-center gap-2">
                <label htmlFor={`${id}-from`}>Since</label>
                <select
                  id={`${id}-from`}
                  value={from.id}
                  onChange={(e) => setFromId(e.target.value)}
                  className={select}
                >
                  {ran
                    .filter((r) => r.startedAt < to.startedAt)
                    .map((r) => (
                      <option key={r.id} value={r.id}>
                        {runLabel(r)}
                      </option>
                    ))}
                </select>
              </span>
              <span className="flex items-center gap-2">
                <label htmlFor={`${id}-to`}>Up to</label>
                <select
                  id={`${id}-to`}
                  value={to.id}
                  onChange={(e) => setToId(e.target.value)}
                  className={select}
                >
                  {ran.slice(1).map((r) => (
                    <option key={r.id} value={r.id}>
                      {runLabel(r)}
                    </option>
                  ))}
                </select>
              </span>
            </div>
            <p className="font-medium" data-testid="movers-digest">
              {moversDigest(movers, from.startedAt)}
            </p>
            <MoversTable
              movers={movers}
              locales={matrix.locales}
              picked={picked}
              onPick={setPicked}
            />
          </>
        )}
      </section>

      {pickedCell && (
        <section
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
          {reading > 0 && (
            <p role="status" className="text-sm">
              Reading the earlier runs: the chart shows the newest so far.
            </p>
          )}
          <CellChart
            runs={runs}
            tracker={tracker}
            cellId={pickedCell.id}
            title={`Position history of ${tracker.target} for “${pickedCell.query}” (${localeLabel(pickedCell.locale)})`}
            competitors={withCompetitors}
          />
          <SerpDiff
            key={pickedCell.id}
            runs={ran}
            cellId={pickedCell.id}
            title={pickedCell.query}
          />
        </section>
      )}

      <div className="flex flex-wrap gap-3">
        <ExportButtons
          label="Export history"
          disabled={ran.length === 0 || reading > 0}
          files={[
            {
              label: 'History CSV',
              name: `tracker-history_${name}_${fileDate()}.csv`,
              type: 'text/csv;charset=utf-8',
              text: () => longCsv(trackerLongRows(tracker, runs), TRACKER_LONG_COLUMNS),
            },
            {
              label: 'History JSON',
              name: `tracker-history_${name}_${fileDate()}.json`,
              type: 'application/json',
              text: () => longJson(trackerLongRows(tracker, runs)),
            },
            {
              label: 'Tracker file',
              name: `tracker_${name}_${fileDate()}.trackers.json`,
              type: 'application/json',
              text: () => serializeTrackers([{ tracker, runs: [...runs] }]),
            },
          ]}
        />
        <button
          type="button"
          className="rounded border border-red-700 px-3 py-1 text-sm text-red-800 dark:text-red-300"
          onClick={() => {
            if (window.confirm(`Delete “${tracker.name}” and all its runs?`))
              void session.remove(tracker.id);
          }}
        >
          Delete tracker
        </button>
      </div>
    </section>
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
