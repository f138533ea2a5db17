import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { preloadable } from '../../components/preloadable.tsx';
import { useIdleStages } from '../../components/use-idle-stages.ts';
import { whenIdle } from '../../lib/next-task.ts';
import { planBatch } from '../runs/lib/pricing.ts';
import { useBatchAccount, useCountedCost } from '../runs/use-run-plan.ts';
import { BudgetPlanner } from './budget-planner.tsx';
import { SCOPE_CLASS, trackerScope } from './detail-parts.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import type { Locale } from '../runs/lib/locale.ts';
import type { TrackerRun } from './lib/run.ts';
import { plannedSchedule } from './lib/planned.ts';
import { trackerMatrix, type Tracker } from './lib/tracker.ts';
import { MoveToRunner } from './move-to-runner.tsx';
import { MoversSection, useComparedRuns } from './movers-section.tsx';
import type { CellHistory } from './picked-cell.tsx';
import { RunnerScheduleLine } from './runner-schedule-line.tsx';
import { RunsTable, type OlderRuns } from './runs-table.tsx';
import { TrackerFiles } from './tracker-files.tsx';
import { TrackerRunPanel } from './tracker-run-panel.tsx';
import type { RunProgress, TrackerSession } from './tracker-session.ts';
import { TrackerScope } from './tracker-scope.tsx';
import { TrackerSettings } from './tracker-settings.tsx';

/**
 * A keyword's chart and SERP diff: code of their own, loaded when the page is idle after the
 * movers are shown (or when a keyword is picked first), not before the first movers row.
 */
const pickedCellCode = preloadable(() => import('./picked-cell.tsx').then((m) => m.PickedCell));

/** The parts rendered after the first screen (Run now and the runs, editors, planner, files), one idle task each. */
const LATER_STAGES = 5;

/** One tracker: Run now (priced), its runs, movers between two of them, a keyword's chart and SERP diff. */
export function TrackerDetail({
  session,
  tracker,
  runs,
  reading,
  cut = false,
  running,
  now,
  older,
  cellHistory,
}: {
  /** This browser's trackers; null for a runner's (read-only: the runner sets and runs it). */
  session: TrackerSession | null;
  tracker: Tracker;
  /** The runs read so far, oldest first: the newest ones, then all. */
  runs: readonly TrackerRun[];
  /** Older runs not read yet (the exports and the chart wait for them). */
  reading: number;
  /** `runs` are the movers' pair cut to the target's ranks (101): no chart or export from them. */
  cut?: boolean;
  running: RunProgress | null;
  /** When the runs were read: the schedule's and the budget's now. */
  now: number;
  /** Older runs read on demand (a runner's), rather than as soon as the newest are shown. */
  older?: OlderRuns;
  /** A picked keyword's chart read on its own (a runner's), not from `runs`. */
  cellHistory?: CellHistory;
}) {
  const id = useId();
  const matrix = useMemo(() => trackerMatrix(tracker), [tracker]);
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
  const compared = useComparedRuns(runs, tracker, cells);
  useEffect(() => whenIdle(() => void pickedCellCode.preload().catch(() => {})), []);
  const stage = useIdleStages(LATER_STAGES);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {tracker.name}
      </h2>
      <p className={SCOPE_CLASS}>{trackerScope(tracker, matrix)}</p>
      <MoversAndPickedCell
        compared={compared}
        locales={matrix.locales}
        cells={cells}
        tracker={tracker}
        runs={runs}
        reading={reading}
        cut={cut}
        history={cellHistory}
      />
      {/* Below the movers, one idle task each after the first screen is painted (decisions 106, 126). */}
      {stage >= 1 && (
        <>
          <RunnerScheduleLine trackerId={tracker.id} />
          {session ? (
            <TrackerRunPanel
              session={session}
              tracker={tracker}
              plan={plan}
              running={running}
              limit={account.limit}
            />
          ) : (
            <p className={SCOPE_CLASS}>
              On the runner: it runs there on its schedule with the runner’s key; its schedule, caps
              and alert channels are set with <code>npm run runner -- set {tracker.name}</code>.
            </p>
          )}
          <RunsTable runs={runs} reading={reading} cells={cells.length} older={older} />
        </>
      )}
      {session && stage >= 2 && (
        <>
          <MoveToRunner session={session} tracker={tracker} />
          <TrackerScope tracker={tracker} onSave={(t) => void session.save(t)} />
        </>
      )}
      {session && stage >= 3 && (
        <TrackerSettings tracker={tracker} onSave={(t) => void session.save(t)} />
      )}
      {stage >= 4 && (
        <BudgetPlanner
          tracker={tracker}
          schedule={plannedSchedule(tracker, runs, unit.credits, now)}
          now={now}
        />
      )}
      {stage >= 5 && (
        <TrackerFiles
          session={session}
          tracker={tracker}
          runs={runs}
          ran={compared.ran}
          reading={cut ? reading + runs.length : reading}
        />
      )}
    </section>
  );
}

/**
 * The movers and the keyword picked there: the pick is this part's state, so picking a keyword
 * renders the table's two row groups it changes and the chart, not the editors, planner and
 * files around them (the trackers bench's chart moment).
 */
function MoversAndPickedCell({
  compared,
  locales,
  cells,
  tracker,
  runs,
  reading,
  cut,
  history,
}: {
  compared: ReturnType<typeof useComparedRuns>;
  locales: readonly Locale[];
  cells: readonly BatchCell[];
  tracker: Tracker;
  runs: readonly TrackerRun[];
  reading: number;
  cut: boolean;
  history: CellHistory | undefined;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const pickedCell = cells.find((c) => c.id === picked) ?? null;
  // The same function across renders, each of the movers' row groups is given it: a runner's
  // `history` is a new object on each of its section's renders, so it is read at the click.
  const latestHistory = useRef(history);
  useEffect(() => {
    latestHistory.current = history;
  }, [history]);
  const onPick = useCallback((cellId: string) => {
    setPicked(cellId);
    latestHistory.current?.read(cellId);
  }, []);
  return (
    <>
      <MoversSection compared={compared} locales={locales} picked={picked} onPick={onPick} />
      {pickedCell && !cut && (
        <pickedCellCode.Preloaded
          fallback={<p role="status">Loading the chart…</p>}
          pickedCell={pickedCell}
          tracker={tracker}
          runs={runs}
          ran={compared.ran}
          reading={reading}
          history={history}
        />
      )}
    </>
  );
}
