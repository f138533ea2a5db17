import { creditsSpent, type CellRun } from '../workspace/runs/lib/cells.ts';
import { startRun, type EngineRun, type RunRest } from '../workspace/runs/lib/engine.ts';
import type { BatchCell } from '../workspace/runs/lib/matrix.ts';
import { countedCost } from '../workspace/runs/lib/pricing.ts';
import type { BatchAnswer } from '../workspace/runs/lib/results.ts';
import { batchRunPolicy, isFreeRequest } from '../workspace/runs/lib/run-policy.ts';
import { suspectReason } from '../workspace/trackers/lib/run-health.ts';
import { runCell, runId, type RunCell, type TrackerRun } from '../workspace/trackers/lib/run.ts';
import { monthStart, runCap, spentThisMonth } from '../workspace/trackers/lib/schedule.ts';
import { trackerMatrix, type Tracker } from '../workspace/trackers/lib/tracker.ts';
import type { Db } from './db.ts';
import {
  loadBaseline,
  markSent,
  spendSince,
  saveCell,
  saveRunRow,
  type StoredTracker,
} from './store.ts';
import type { Upstream } from './upstream.ts';

/** The session-free usage: the runner counts each request at its published cost. */
const NO_USAGE = { samples: [], requests: [], readings: [] };

/** What a run will ask and may spend, shown before it starts (`run NAME` prints it). */
export interface RunPlan {
  cells: number;
  unit: number;
  /** The run's cap: its cap per run within what the month leaves, or null. */
  cap: number | null;
  /** What it costs at most: every cell at its unit cost, within the cap. */
  cost: number;
  creditsLeft: number | undefined;
  /** Why it must not start (the monthly cap or the reserve floor), or null. */
  refusal: { reason: 'monthly-cap' | 'reserve-floor'; text: string } | null;
}

export async function planRun(
  db: Db,
  upstream: Upstream,
  stored: StoredTracker,
  now: number,
): Promise<RunPlan> {
  const { tracker, settings } = stored;
  const cells = trackerMatrix(tracker).cells.length;
  const unit = countedCost(tracker.endpoint, NO_USAGE).credits;
  const spent = spentThisMonth(await spendSince(db, tracker.id, monthStart(now)), now);
  const cap = runCap(tracker.capPerRun, tracker.monthlyCap, spent);
  const cost = Math.min(cells * unit, cap ?? Infinity);
  const creditsLeft =
    settings.reserveFloor === null ? undefined : (await upstream.account()).creditsLeft;
  let refusal: RunPlan['refusal'] = null;
  if (cap !== null && cap < unit)
    refusal = {
      reason: 'monthly-cap',
      text: `the monthly cap leaves ${cap} credits, less than one request (${unit})`,
    };
  else if (
    settings.reserveFloor !== null &&
    (creditsLeft === undefined || creditsLeft - cost < settings.reserveFloor)
  )
    refusal = {
      reason: 'reserve-floor',
      text:
        creditsLeft === undefined
          ? 'the account did not say how many credits are left, so the reserve floor cannot be kept'
          : `it would leave ${creditsLeft - cost} credits, below the reserve floor of ${settings.reserveFloor}`,
    };
  return { cells, unit, cap, cost, creditsLeft, refusal };
}

export interface RunContext {
  db: Db;
  upstream: Upstream;
  concurrency: number;
  /** This runner's id: a running run names the runner holding it. */
  owner: string;
  /** How long a running run's claim lasts without being renewed. */
  leaseMs: number;
  log: (line: string) => void;
}

/** A run's row as it starts: anchors the tracker's schedule when it is the first. */
export function newRun(tracker: Tracker, slot: number | null, now: number): TrackerRun {
  return {
    id: runId(now),
    trackerId: tracker.id,
    slot,
    startedAt: now,
    finishedAt: null,
    status: 'running',
    credits: 0,
    cells: {},
  };
}

/**
 * Sends a run's cells through the one run engine: each request recorded in the database (and
 * committed) before it leaves, each cell kept the moment it settles, the cap checked before
 * each request, 429s backed off. A hold (the cap, a wrong key, no credits) ends the run as
 * stopped: nobody is there to raise a cap. Resolves with the run as it ended.
 */
export async function executeRun(
  ctx: RunContext,
  stored: StoredTracker,
  run: TrackerRun,
  plan: RunPlan,
): Promise<TrackerRun> {
  const { db, upstream } = ctx;
  const tracker = stored.tracker;
  const all = trackerMatrix(tracker).cells;
  // A resumed run sends only what it never sent; what it kept before counts against its cap.
  const cells = all.filter((c) => !run.cells[c.id]);
  const before =
    Object.values(run.cells).filter(
      (c) => c.state === 'answered' || (c.state === 'failed' && c.charged !== 'no'),
    ).length * plan.unit;
  const answers = new Map<string, BatchAnswer>();
  const engineRuns: Record<string, CellRun> = {};
  const writes: Promise<void>[] = [];
  const keep = (cell: BatchCell, kept: RunCell, interrupted = false) => {
    run.cells[cell.id] = kept;
    writes.push(saveCell(db, run, cell.id, kept, interrupted));
  };
  let held = false;
  const unit = { credits: plan.unit, basis: 'published' as const };
  const rest = await new Promise<RunRest>((resolve) => {
    const engine: EngineRun = startRun({
      cells,
      limit: ctx.concurrency,
      cap: plan.cap === null ? null : Math.max(0, plan.cap - before),
      unitCost: () => plan.unit,
      cachedAt: () => undefined,
      writeAhead: (cell) => markSent(db, run, cell.id),
      send: async (cell, signal) => {
        const data = await upstream.send(tracker.endpoint, cell.params, signal);
        answers.set(cell.id, { endpoint: tracker.endpoint, data } as BatchAnswer);
      },
      policy: batchRunPolicy(() => isFreeRequest(tracker.endpoint, unit)),
      onCell: (cell, cellRun) => {
        engineRuns[cell.id] = cellRun;
        if (cellRun.state === 'answered' || cellRun.state === 'failed')
          keep(cell, runCell(cell, cellRun, answers.get(cell.id)));
        else if (cellRun.state === 'interrupted')
          keep(cell, { state: 'failed', charged: 'unknown' });
      },
      onRest: (r) => {
        if (r.kind !== 'held') return resolve(r);
        held = true;
        engine.cancel();
      },
    });
  });
  await Promise.all(writes);
  for (const cell of all) if (!run.cells[cell.id]) keep(cell, { state: 'not-checked' });
  await Promise.all(writes);
  const complete = all.every((c) => run.cells[c.id]?.state !== 'not-checked');
  run.status = complete && rest.kind === 'over' && !held ? 'done' : 'stopped';
  run.finishedAt = Date.now();
  run.credits = before + creditsSpent(engineRuns);
  const baseline = await loadBaseline(db, tracker.id, run.startedAt);
  const suspect = suspectReason(run, baseline);
  if (suspect !== null) run.suspect = suspect;
  await saveRunRow(db, run);
  return run;
}
