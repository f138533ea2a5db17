import { recordTrackerRun } from './tracker-history.ts';
import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY } from '../../api/account-key.ts';
import { metaQueries } from '../../api/meta-queries.ts';
import type { JsonResult } from '../../api/requests.ts';
import { postSandboxNotice, sandboxInboxQueries } from '../../api/sandbox-inbox.ts';
import type { QueueState } from '../../lib/run-queue.ts';
import { whenIdle } from '../../lib/next-task.ts';
import { createStore, type Store } from '../../lib/store.ts';
import { timeId } from '../../lib/time-id.ts';
import { subscribeApiKey } from '../../session/key-store.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { creditsSpent, type CellRun } from '../runs/lib/cells.ts';
import type { EngineRun, RunRest } from '../runs/lib/engine.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import { countedCost } from '../runs/lib/pricing.ts';
import type { BatchAnswer } from '../runs/lib/results.ts';
import { cellQuery } from '../runs/cell-query.ts';
import { runCells } from '../runs/run-cells.ts';
import { alertPayload, evaluateAlerts, type TrackerAlert } from './lib/alerts.ts';
import {
  baselineRun,
  cutShort,
  missedRun,
  runCell,
  runFromBatch,
  runId,
  type TrackerRun,
} from './lib/run.ts';
import { runCap, scheduleAt, spentThisMonth } from './lib/schedule.ts';
import { trackerFromBatch, trackerMatrix, type Tracker } from './lib/tracker.ts';
import { loadBatch, readAnswer } from '../runs/batch-store.ts';
import { afterReload } from '../runs/lib/cells.ts';
import type { TrackerHandoff } from '../runs/tracker-handoff.ts';
import type { TrackerWithRuns } from './lib/tracker-file.ts';
import { takeFirstScreen, takeList, takeMovers, type FirstScreenRead } from './read-ahead.ts';
import { trackersGlance } from './scheduled-flag.ts';
import {
  deleteTracker,
  keepLatestMovers,
  listTrackers,
  loadLatestMovers,
  loadNewestRuns,
  loadRuns,
  readTrackerList,
  type RunSummary,
  markAlertsSeen,
  saveAlerts,
  saveRun,
  saveRuns,
  saveSent,
  saveTracker,
  type StoredAlert,
  type TrackerList,
} from './tracker-storage.ts';

export interface RunProgress {
  trackerId: string;
  runId: string;
  done: number;
  total: number;
  queue: QueueState | null;
}

export interface TrackersState {
  status: 'loading' | 'ready';
  trackers: Tracker[];
  /** Each tracker's newest run (not a missed one). */
  lastRuns: ReadonlyMap<string, RunSummary>;
  alerts: StoredAlert[];
  /**
   * The open tracker's runs, oldest first (missed ones included), and when they were read: the
   * view's "now" for the schedule and the budget.
   */
  open: {
    trackerId: string;
    runs: TrackerRun[];
    at: number;
    /** Older runs not read yet: the newest come first, so the movers show at once. */
    reading: number;
    /**
     * `runs` are the movers' two runs cut to the target's ranks (decision 101): enough for the
     * movers and the runs table, not for a chart, a SERP diff or an export.
     */
    cut?: true;
  } | null;
  running: RunProgress | null;
  /** The browser refused the trackers' storage. */
  storageError: boolean;
}

const EMPTY: TrackersState = {
  status: 'loading',
  storageError: false,
  trackers: [],
  lastRuns: new Map(),
  alerts: [],
  open: null,
  running: null,
};

/**
 * Rows the runs table shows in its fixed height (h-64: 16rem of 29 px rows, header included).
 * Past this many runs it is full whatever is read, so the newest runs can show first.
 */
export const RUNS_TABLE_ROWS = 8;

/** At the latest this long after the newest runs show, the older ones are read. */
const IDLE_WAIT_MS = 1_000;

/** How often a running tracker's progress is stored and shown. */
const PROGRESS_MS = 1_000;

/**
 * The trackers of a page (one per query client): their list, the open one's runs, the run
 * going on. A run goes through the batch engine (`runCells`) with fresh answers; the schedule
 * is checked by `checkSchedule` while a tab is open (decision 054).
 */
export class TrackerSession {
  readonly store: Store<TrackersState>;
  private readonly queryClient: QueryClient;
  private stopEngine: (() => void) | null = null;
  /** A run is going on (or starting): one at a time per page. */
  private busy = false;
  private cancelRun: (() => void) | null = null;
  /** Counts openTracker calls: a slower reading never replaces a newer one. */
  private openings = 0;
  /** The list, and the movers of this tracker, were read ahead: the first load and opening are done. */
  private started: { list: boolean; trackerId: string | null };

  constructor(queryClient: QueryClient) {
    this.queryClient = queryClient;
    // A page opened on a tracker whose reads are in starts from them: the view's first commit
    // draws the tracker's first screen, as the page's boot paint did (decision 126).
    const first = takeFirstScreen();
    this.store = createStore(first ? firstScreenState(first) : EMPTY);
    this.started = { list: first !== null, trackerId: first?.movers ? first.trackerId : null };
    // A run under an old key stops with it (its answers go with the cache).
    subscribeApiKey(() => this.stopEngine?.());
    // A key cleared in any tab deletes every tracker (app/forget-on-clear.ts does, whichever
    // views were loaded): a run going on stops before paying for more (decision 060).
    resultsClearedAt.subscribe(() => {
      this.stopEngine?.();
      this.store.set({ ...EMPTY, status: 'ready' });
    });
  }

  private patch(change: Partial<TrackersState>) {
    this.store.set({ ...this.store.get(), ...change });
  }

  /** Reads the list again (after a change here or a run in another tab). */
  async load(): Promise<void> {
    if (this.started.list) {
      this.started.list = false;
      return;
    }
    try {
      // The first reading of a page opened on a tracker was started ahead (read-ahead.ts).
      this.patch(listState(await (takeList() ?? readTrackerList())));
    } catch {
      // No IndexedDB (private mode, a prerender): no tracker can be kept, and the view says so.
      this.patch({ status: 'ready', storageError: true });
    }
  }

  async openTracker(trackerId: string | null): Promise<void> {
    const reading = ++this.openings;
    if (trackerId === null) return this.patch({ open: null });
    const show = (runs: readonly TrackerRun[], older: number, cut = false) => {
      // Opened again (another tracker, a run ended) meanwhile: that reading is newer.
      if (reading !== this.openings) return false;
      // A run stored as running that no page runs now was cut short (the tab closed).
      const running = this.store.get().running;
      const fixed = runs.map((r) =>
        r.status === 'running' && running?.runId !== r.id ? cutShort(r) : r,
      );
      this.patch({
        open: { trackerId, runs: fixed, at: Date.now(), reading: older, ...(cut && { cut }) },
      });
      return true;
    };
    const afterPaint = () => new Promise<void>((painted) => whenIdle(painted, IDLE_WAIT_MS));
    // The movers first (they are the first screen, and nothing above them waits for the runs):
    // from the stored latest movers (one small record), else from the newest runs read whole;
    // reading thirty runs of a thousand cells takes about a second at 4× CPU slowdown. Read
    // again (after a run, a schedule check), a tracker already shown whole stays whole.
    const shown = this.store.get().open;
    const whole = shown?.trackerId === trackerId && shown.reading === 0 && !shown.cut;
    // Opened on this tracker, the session started from its movers (the constructor).
    const started = this.started.trackerId === trackerId && shown?.cut === true;
    this.started.trackerId = null;
    const latest =
      whole || started
        ? undefined
        : await (takeMovers(trackerId) ?? loadLatestMovers(trackerId)).catch(() => undefined);
    let known: TrackerRun[] = [];
    if (latest && !show(latest.runs, latest.older, true)) return;
    if (latest || started) await afterPaint();
    else if (!whole) {
      const newest = await loadNewestRuns(trackerId).catch(() => ({ runs: [], older: 0 }));
      known = newest.runs;
      if (newest.older > 0) {
        if (!show(newest.runs, newest.older)) return;
        // The older runs once the newest are painted: each is a long copy out of IndexedDB, and
        // one landing before the first frame held the first movers row back by its length.
        await afterPaint();
      }
    }
    const runs = await loadRuns(trackerId, known).catch(() => known);
    if (show(runs, 0)) await keepLatestMovers(trackerId, runs).catch(() => {});
  }

  /**
   * Save as tracker on a batch: the tracker, with the batch's answers as its first run (read from
   * this tab's cache, else the batch's store). Null when the batch is no longer stored here.
   */
  async saveFromBatch({ batchId, name }: TrackerHandoff): Promise<Tracker | null> {
    const loaded = await loadBatch(batchId);
    if (!loaded) return null;
    const tracker = trackerFromBatch(loaded.batch.definition, {
      id: timeId(),
      name,
      now: Date.now(),
    });
    const cells = trackerMatrix(tracker).cells;
    const answers = new Map<string, BatchAnswer>();
    for (const cell of cells) {
      // This tab's cache first; the batch's store only for what the cache no longer holds.
      const answer =
        this.answer(cell) ??
        (loaded.stored.has(cell.id) ? await this.storedAnswer(cell) : undefined);
      if (answer) answers.set(cell.id, answer);
    }
    await saveTracker(tracker);
    await saveRun(runFromBatch(tracker.id, cells, afterReload(loaded.runs), answers, loaded.batch));
    await this.load();
    return tracker;
  }

  async save(tracker: Tracker): Promise<void> {
    await saveTracker(tracker);
    await this.load();
  }

  async remove(trackerId: string): Promise<void> {
    await deleteTracker(trackerId);
    if (this.store.get().open?.trackerId === trackerId) this.patch({ open: null });
    await this.load();
  }

  /** Trackers from a file: stored beside those here (one of the same id is replaced). */
  async importEntries(entries: readonly TrackerWithRuns[]): Promise<void> {
    for (const { tracker, runs } of entries) {
      await deleteTracker(tracker.id);
      await saveTracker(tracker);
      await saveRuns(runs);
    }
    await this.load();
  }

  async seeAlerts(): Promise<void> {
    const unseen = this.store.get().alerts.filter((a) => !a.seen);
    if (unseen.length === 0) return;
    await markAlertsSeen(unseen);
    await this.load();
  }

  cancel = () => this.cancelRun?.();

  /** The cap a run of `tracker` gets now: its cap per run within what the month leaves. */
  async capFor(tracker: Tracker, now = Date.now()): Promise<number | null> {
    const runs = await loadRuns(tracker.id);
    return runCap(tracker.capPerRun, tracker.monthlyCap, spentThisMonth(runs, now));
  }

  /**
   * Records what the schedule missed and starts the run that is due, for every tracker with a
   * cadence (one run at a time). Called while a tab is open; `limit` is the concurrency.
   */
  async checkSchedule(limit: number, now = Date.now()): Promise<void> {
    if (this.busy) return;
    for (const tracker of await listTrackers()) {
      const runs = await loadRuns(tracker.id);
      const covered = runs.flatMap((r) => (r.slot === null ? [] : [r.slot]));
      const { due, missed } = scheduleAt(tracker.cadence, tracker.anchor, covered, now);
      for (const slot of missed) await saveRun(missedRun(tracker.id, slot, 'no-tab'));
      if (due === null) continue;
      const cap = runCap(tracker.capPerRun, tracker.monthlyCap, spentThisMonth(runs, now));
      if (cap !== null && cap < countedCost(tracker.endpoint).credits) {
        await saveRun(missedRun(tracker.id, due, 'monthly-cap'));
        continue;
      }
      await this.load();
      await this.run(tracker, limit, due);
      return;
    }
    await this.load();
    // Missed runs just recorded show in the open tracker.
    const open = this.store.get().open;
    if (open) await this.openTracker(open.trackerId);
  }

  /**
   * Runs a tracker now: every cell asked afresh through the batch engine, within its cap (and
   * what the month leaves). The first run anchors the schedule; a run while a scheduled one is
   * due stands for it (the schedule would not run it again). Resolves when the run is over.
   */
  async run(tracker: Tracker, limit: number, scheduled?: number): Promise<TrackerRun | null> {
    if (this.busy) return null;
    this.busy = true;
    const startedAt = Date.now();
    const runs = await loadRuns(tracker.id);
    let slot: number | null = scheduled ?? null;
    if (tracker.anchor === null) {
      tracker = { ...tracker, anchor: startedAt };
      slot = startedAt;
      await saveTracker(tracker);
    } else if (slot === null) {
      const covered = runs.flatMap((r) => (r.slot === null ? [] : [r.slot]));
      slot = scheduleAt(tracker.cadence, tracker.anchor, covered, startedAt).due;
    }
    const cap = runCap(tracker.capPerRun, tracker.monthlyCap, spentThisMonth(runs, startedAt));
    const cells = trackerMatrix(tracker).cells;
    const run: TrackerRun = {
      id: runId(startedAt),
      trackerId: tracker.id,
      slot,
      startedAt,
      finishedAt: null,
      status: 'running',
      credits: 0,
      cells: {},
    };
    await saveRun(run);
    const engineRuns: Record<string, CellRun> = {};
    const byId = new Map(cells.map((c) => [c.id, c]));
    let done = 0;
    let lastSaved = 0;
    const progress = (queue: QueueState | null) =>
      this.patch({
        running: { trackerId: tracker.id, runId: run.id, done, total: cells.length, queue },
      });
    progress(null);
    const previous = baselineRun(runs);

    const sent = new Set<string>();
    let held = false;
    const rest = await new Promise<RunRest>((resolve) => {
      const engine: EngineRun = runCells({
        queryClient: this.queryClient,
        endpoint: tracker.endpoint,
        cells,
        limit,
        cap,
        mark: `tracker:${tracker.id}`,
        fresh: true,
        cachedAt: () => undefined,
        writeAhead: (cell) => (sent.add(cell.id), saveSent(run, [...sent])),
        onCell: (cell, cellRun) => {
          engineRuns[cell.id] = cellRun;
          // Recorded and waiting again: not charged (engine.ts, `writeAhead`), its record goes.
          if (cellRun.state === 'waiting' && sent.delete(cell.id))
            void saveSent(run, [...sent]).catch(() => {});
          if (cellRun.state === 'answered' || cellRun.state === 'failed') done += 1;
          if (cellRun.state === 'waiting' || cellRun.state === 'running') return;
          run.cells[cell.id] = runCell(cell, cellRun, this.answer(byId.get(cell.id)!));
          if (Date.now() - lastSaved > PROGRESS_MS) {
            lastSaved = Date.now();
            run.credits = creditsSpent(engineRuns);
            void saveRun({ ...run });
          }
        },
        onProgress: (queue) => progress(queue),
        // A hold (the cap, a failure every request meets) ends a tracker's run: a schedule
        // cannot ask anyone to raise the cap, and the next run starts afresh.
        onRest: (rest) => {
          if (rest.kind !== 'held') return resolve(rest);
          held = true;
          engine.cancel();
        },
      });
      this.stopEngine = () => engine.stop();
      this.cancelRun = () => engine.cancel();
    });
    this.busy = false;
    this.stopEngine = null;
    this.cancelRun = null;
    for (const cell of cells) run.cells[cell.id] ??= { state: 'not-checked' };
    const complete = cells.every((c) => run.cells[c.id]?.state !== 'not-checked');
    run.status = complete && rest.kind === 'over' && !held ? 'done' : 'stopped';
    run.finishedAt = Date.now();
    run.credits = creditsSpent(engineRuns);
    await saveRun(run);
    recordTrackerRun(tracker, run);
    if (previous) await this.alert(tracker, previous, run);
    void this.queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
    this.patch({ running: null });
    await this.load();
    if (this.store.get().open?.trackerId === tracker.id) await this.openTracker(tracker.id);
    return run;
  }

  /** A cell's answer as the batch's store keeps it, read through its endpoint's schema. */
  private async storedAnswer(cell: BatchCell): Promise<BatchAnswer | undefined> {
    const stored = await readAnswer(cell);
    return stored ? ({ endpoint: cell.endpoint, data: stored.data } as BatchAnswer) : undefined;
  }

  /** The answer the engine just put in the cache for a cell. */
  private answer(cell: BatchCell): BatchAnswer | undefined {
    const data = this.queryClient.getQueryData<JsonResult<unknown>>(cellQuery(cell).queryKey);
    return data ? ({ endpoint: cell.endpoint, data: data.data } as BatchAnswer) : undefined;
  }

  /** Alerts of a run against the one before: stored, and posted to the sandbox's inbox there. */
  private async alert(tracker: Tracker, previous: TrackerRun, current: TrackerRun) {
    const alerts = evaluateAlerts({
      trackerId: tracker.id,
      rules: tracker.alerts,
      cells: trackerMatrix(tracker).cells,
      previous,
      current,
      target: tracker.target,
      competitors: tracker.competitors,
    });
    if (alerts.length === 0) return;
    await saveAlerts(alerts);
    await this.deliver(tracker, alerts);
  }

  /**
   * In sandbox mode the alerts are posted to the sandbox's webhook inbox, standing in for the
   * owner's endpoint, to show delivery. Live, the dashboard has no endpoint to post to: the
   * alerts stay in the list.
   */
  private async deliver(tracker: Tracker, alerts: readonly TrackerAlert[]) {
    try {
      const meta = await this.queryClient.fetchQuery(metaQueries.current());
      if (meta.mode !== 'sandbox') return;
      await postSandboxNotice(alertPayload(tracker, alerts));
      await this.queryClient.invalidateQueries({
        queryKey: sandboxInboxQueries.current().queryKey,
      });
    } catch {
      // Delivery is a demonstration: the alerts are kept whether or not it worked.
    }
  }
}

/** The list as the view shows it; the shell's trackers glance is told too. */
function listState([trackers, lastRuns, alerts]: TrackerList): Partial<TrackersState> {
  trackersGlance.set({
    scheduled: trackers.some((t) => t.cadence !== 'off'),
    unseen: alerts.filter((a) => !a.seen).length,
  });
  return { status: 'ready', trackers, lastRuns, alerts, storageError: false };
}

/** The state of a page opened on a tracker whose list and latest movers were read ahead. */
function firstScreenState({ trackerId, list, movers }: FirstScreenRead): TrackersState {
  const open = movers && {
    trackerId,
    runs: movers.runs,
    at: Date.now(),
    reading: movers.older,
    cut: true as const,
  };
  return { ...EMPTY, ...listState(list), open: open ?? null };
}

const sessions = new WeakMap<QueryClient, TrackerSession>();

/** The tracker session of a page (its query client). */
export function trackerSession(queryClient: QueryClient): TrackerSession {
  let session = sessions.get(queryClient);
  if (!session) {
    session = new TrackerSession(queryClient);
    sessions.set(queryClient, session);
  }
  return session;
}
