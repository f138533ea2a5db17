import { randomUUID } from 'node:crypto';
import { cutShort, missedRun, type TrackerRun } from '../workspace/trackers/lib/run.ts';
import { trackerMatrix } from '../workspace/trackers/lib/tracker.ts';
import { FIRST_RUN_PAGE } from '../workspace/trackers/lib/runner-pages.ts';
import { budgetAlert, channelLabel, deliver, runAlerts, type RunnerAlert } from './alerts-out.ts';
import type { RunnerConfig } from './config.ts';
import { openDb } from './db.ts';
import { executeRun, newRun, planRun, type RunContext, type RunPlan } from './run-tracker.ts';
import { cronOf, decideSlots, nextSlot, slotsBetween } from './schedule.ts';
import {
  findTracker,
  loadBaseline,
  loadCutFirstPage,
  loadRuns,
  markDelivered,
  saveAlerts,
  saveCell,
  saveRunRow,
  saveTracker,
  type RunnerSettings,
  type StoredTracker,
} from './store.ts';
import type { TrackerWithRuns } from '../workspace/trackers/lib/tracker-file.ts';
import { openUpstream, type Upstream } from './upstream.ts';

export interface Runner extends RunContext {
  config: RunnerConfig;
  /** Slots later than this after their time count as missed (RUNNER_GRACE_MS, default 15 min). */
  graceMs: number;
  close(): Promise<void>;
}

const LEASE_MS = 2 * 60_000;
const GRACE_MS = 15 * 60_000;

export async function openRunner(
  config: RunnerConfig,
  log: (line: string) => void,
  upstream?: Upstream,
): Promise<Runner> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const up = upstream ?? (await openUpstream(config.api, config.apiKey));
  return {
    config,
    db,
    upstream: up,
    concurrency: config.concurrency,
    owner: randomUUID(),
    leaseMs: LEASE_MS,
    graceMs: GRACE_MS,
    log,
    close: () => db.close(),
  };
}

/** The tracker's next slot after `now`, or null when it is not scheduled. */
export function nextDueOf(stored: StoredTracker, now: number): number | null {
  const cron = cronOf(stored.tracker, stored.settings);
  if (!cron) return stored.tracker.cadence !== 'off' && stored.tracker.anchor === null ? now : null;
  return nextSlot(cron.expr, cron.timeZone ?? stored.settings.timeZone, now);
}

/**
 * A tracker from a trackers file (`add`, or moved in from the dashboard), with its runs: it
 * replaces one of the same id whole, as the dashboard's import does. Returns it as stored.
 */
export async function importTracker(
  runner: Pick<Runner, 'db'>,
  { tracker, runs }: TrackerWithRuns,
  settings: RunnerSettings,
  now = Date.now(),
): Promise<StoredTracker> {
  const stored: StoredTracker = { tracker, settings, nextDue: null };
  stored.nextDue = nextDueOf(stored, now);
  await runner.db.transaction(async (tx) => {
    await tx.query('delete from trackers where id = $1', [tracker.id]);
    await saveTracker(tx, stored);
    for (const run of runs) {
      await saveRunRow(tx, run);
      for (const [id, cell] of Object.entries(run.cells)) await saveCell(tx, run, id, cell);
    }
  });
  return stored;
}

/**
 * Keeps a running run's claim alive while it runs (several runners: a run whose claim lapsed
 * is taken for one whose runner died).
 */
function holdLease(runner: Runner, run: TrackerRun): () => void {
  const timer = setInterval(() => {
    void runner.db
      .query('update runs set lease_until = $1 where tracker_id = $2 and id = $3 and owner = $4', [
        Date.now() + runner.leaseMs,
        run.trackerId,
        run.id,
        runner.owner,
      ])
      .catch(() => undefined);
  }, runner.leaseMs / 3);
  return () => clearInterval(timer);
}

/** Runs a claimed run to its end, then its alerts: stored, and sent to the tracker's channels. */
export async function finishRun(
  runner: Runner,
  stored: StoredTracker,
  run: TrackerRun,
  plan: RunPlan,
): Promise<TrackerRun> {
  const release = holdLease(runner, run);
  try {
    await executeRun(runner, stored, run, plan);
  } finally {
    release();
  }
  runner.log(
    `${stored.tracker.name}: run ${run.id} ${run.status}, ${run.credits} credits${run.suspect ? `, suspect: ${run.suspect}` : ''}`,
  );
  const baseline = await loadBaseline(runner.db, run.trackerId, run.startedAt);
  const budget = await budgetAfter(runner, stored, run, plan).catch(() => null);
  await sendAlerts(runner, stored, [
    ...runAlerts(stored.tracker, run, baseline),
    ...(budget ? [budget] : []),
  ]);
  // The dashboard's first screen of this tracker, cut and stored now that its newest run
  // changed, rather than when someone opens it (decision 122). Not stored: cut at that open.
  await loadCutFirstPage(runner.db, stored.tracker, FIRST_RUN_PAGE).catch(() => undefined);
  return run;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the schedule's runs until the plan renews (the account's `validity`) fit the credits left. */
async function budgetAfter(runner: Runner, stored: StoredTracker, run: TrackerRun, plan: RunPlan) {
  const cron = cronOf(stored.tracker, stored.settings);
  if (!cron) return null;
  const account = await runner.upstream.account();
  if (account.validityDays === undefined || account.creditsLeft === undefined) return null;
  const now = Date.now();
  const renewsAt = now + account.validityDays * DAY_MS;
  const slots = slotsBetween(
    cron.expr,
    cron.timeZone ?? stored.settings.timeZone,
    now + 1,
    renewsAt,
    100_000,
  );
  const payable = Math.floor(account.creditsLeft / Math.max(1, plan.cost));
  return budgetAlert(stored.tracker, run, {
    runsOutAt: slots[Math.min(payable, slots.length - 1)] ?? renewsAt,
    runsUntilRenewal: slots.length,
    runCost: plan.cost,
    creditsLeft: account.creditsLeft,
    renewsAt,
  });
}

export async function sendAlerts(
  runner: Runner,
  stored: StoredTracker,
  alerts: readonly RunnerAlert[],
): Promise<void> {
  const added = alerts.length === 0 ? new Set() : await saveAlerts(runner.db, alerts as never);
  // Only news goes out: the budget alert keeps its id while its forecast holds (alerts-out.ts).
  alerts = alerts.filter((a) => added.has(a.id));
  if (alerts.length === 0) return;
  const ids = alerts.map((a) => a.id);
  for (const channel of stored.settings.channels) {
    const label = channelLabel(channel);
    try {
      await deliver(channel, stored.tracker, alerts);
      await markDelivered(runner.db, ids, label, 'sent');
    } catch (error) {
      runner.log(`${stored.tracker.name}: alerts to ${label} failed: ${(error as Error).message}`);
      await markDelivered(runner.db, ids, label, `failed: ${(error as Error).message}`);
    }
  }
}

/**
 * Run now (`run NAME`): claimed like a scheduled run, priced and capped. A first run anchors a
 * tracker that follows the dashboard's cadence. Refused (nothing sent) by the monthly cap or the
 * reserve floor.
 */
export async function startRunNow(
  runner: Runner,
  stored: StoredTracker,
  plan: RunPlan,
  now = Date.now(),
): Promise<TrackerRun> {
  if (stored.tracker.anchor === null) {
    stored = { ...stored, tracker: { ...stored.tracker, anchor: now } };
    stored = { ...stored, nextDue: nextDueOf(stored, now) };
    await saveTracker(runner.db, stored);
  }
  const run = newRun(stored.tracker, null, now);
  await saveRunRow(runner.db, run, { owner: runner.owner, leaseUntil: now + runner.leaseMs, plan });
  return finishRun(runner, stored, run, plan);
}

/**
 * Runs whose runner died (its claim lapsed; with the embedded database, every run found
 * running, since one process holds it) go on where they stopped: what they had sent without an
 * answer is interrupted (failed, maybe charged, never sent again), what they never sent is sent.
 */
export async function resumeOrphans(runner: Runner, now = Date.now()): Promise<TrackerRun[]> {
  const embedded = runner.db.kind === 'embedded';
  const rows = await runner.db.query<{ tracker_id: string; id: string }>(
    `update runs set owner = $1, lease_until = $2
     where status = 'running' and ($3 or lease_until is null or lease_until < $4) returning tracker_id, id`,
    [runner.owner, now + runner.leaseMs, embedded, now],
  );
  const resumed: TrackerRun[] = [];
  for (const row of rows) {
    const stored = await findTracker(runner.db, row.tracker_id);
    const [run] = await loadRuns(runner.db, row.tracker_id, 'id = $2', [row.id]);
    if (!stored || !run) continue;
    const cut = cutShort(run);
    for (const id of run.sent ?? []) await saveCell(runner.db, run, id, cut.cells[id]!, true);
    const { sent: _sent, ...going } = { ...cut, status: 'running' as const };
    const plan = await planRun(runner.db, runner.upstream, stored, now);
    const left = trackerMatrix(stored.tracker).cells.filter((c) => !going.cells[c.id]).length;
    runner.log(
      `${stored.tracker.name}: resuming run ${run.id}: ${(run.sent ?? []).length} interrupted, ${left} never sent`,
    );
    resumed.push(
      await finishRun(runner, stored, going, {
        ...plan,
        cap: plan.cap === null ? null : Math.max(0, plan.cap),
      }),
    );
  }
  return resumed;
}

/**
 * One look at the schedule: claims one tracker whose next slot is due (row lock, SKIP LOCKED:
 * several runners never take one slot twice), moves its next due past now, records the slots
 * missed while no runner ran and the run's row, all in one transaction, then runs it. Returns
 * false when nothing was due.
 */
export async function tick(runner: Runner, now = Date.now()): Promise<boolean> {
  const claimed = await runner.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      'select id from trackers where next_due is not null and next_due <= $1 order by next_due limit 1 for update skip locked',
      [now],
    );
    if (!row) return null;
    const stored = (await findTracker(tx, row.id))!;
    const cron = cronOf(stored.tracker, stored.settings);
    // The dashboard's cadence before any run: the first run is now, and anchors the schedule.
    const first = cron === null;
    const due =
      cron === null
        ? [now]
        : slotsBetween(cron.expr, cron.timeZone ?? stored.settings.timeZone, stored.nextDue!, now);
    const decision = first
      ? { run: now, catchUp: false, missed: [] }
      : decideSlots(due, now, runner.graceMs, stored.settings.catchUp);
    const tracker = first ? { ...stored.tracker, anchor: now } : stored.tracker;
    const next: StoredTracker = { ...stored, tracker, nextDue: null };
    next.nextDue = nextDueOf(next, now);
    await saveTracker(tx, next);
    for (const slot of decision.missed)
      await saveRunRow(tx, missedRun(tracker.id, slot, 'runner-down'));
    if (decision.run === null) return { stored: next, run: null, catchUp: false };
    const run = newRun(tracker, decision.run, now);
    await saveRunRow(tx, run, {
      owner: runner.owner,
      leaseUntil: now + runner.leaseMs,
      catchUp: decision.catchUp,
    });
    return { stored: next, run, catchUp: decision.catchUp };
  });
  if (!claimed) return false;
  if (!claimed.run) return true;
  const { stored, run } = claimed;
  const plan = await planRun(runner.db, runner.upstream, stored, now);
  if (plan.refusal) {
    // Not started, and said so: the slot is recorded as missed with the reason.
    await saveRunRow(runner.db, missedRun(run.trackerId, run.slot!, plan.refusal.reason));
    await runner.db.query('delete from runs where tracker_id = $1 and id = $2', [
      run.trackerId,
      run.id,
    ]);
    runner.log(`${stored.tracker.name}: slot not run: ${plan.refusal.text}`);
    return true;
  }
  runner.log(
    `${stored.tracker.name}: ${claimed.catchUp ? 'catch-up ' : ''}run of ${new Date(run.slot!).toISOString()} starts (${plan.cells} cells, up to ${plan.cost} credits)`,
  );
  await finishRun(runner, stored, run, plan);
  return true;
}
