import { hashKey, type QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY } from '../../api/account-key.ts';
import type { JsonResult } from '../../api/requests.ts';
import type { QueueState } from '../../lib/run-queue.ts';
import { createStore, type Store } from '../../lib/store.ts';
import { timeId } from '../../lib/time-id.ts';
import { useExternal } from '../../lib/use-external.ts';
import { subscribeApiKey } from '../../session/key-store.ts';
import {
  flushBatchStorage,
  loadBatch,
  readAnswer,
  saveBatch,
  noteNeverSent,
  saveCell,
  unrecordCell,
} from '../runs/batch-store.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { getPlayback, subscribePlayback } from '../../session/demo-playback.ts';
import { recordBatch } from './batch-history.ts';
import { afterReload, creditsSpent, type CellRun, type CellRuns } from '../runs/lib/cells.ts';
import { matrixOf, type BatchDefinition } from '../runs/lib/definition.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import { countedCost } from '../runs/lib/pricing.ts';
import type { BatchAnswer } from '../runs/lib/results.ts';
import type { EngineRun, RunRest } from '../runs/lib/engine.ts';
import { runCells } from '../runs/run-cells.ts';
import { cellQuery, type OpenBatch } from '../runs/cell-query.ts';

export interface BatchState {
  /** `loading`: reading the stored batch; `missing`: the one asked for is not stored here. */
  status: 'empty' | 'loading' | 'ready' | 'missing';
  batch: OpenBatch | null;
  runs: CellRuns;
  /** The queue of the run going on in this page (also while paused or held), else null. */
  queue: QueueState | null;
  /** Whether the queue is this page's (Pause, Cancel, continue at the cap) or none runs. */
  live: boolean;
  /** When the first request of the batch left, for its history entry. */
  startedAt: number | null;
}

const EMPTY: BatchState = {
  status: 'empty',
  batch: null,
  runs: {},
  queue: null,
  live: false,
  startedAt: null,
};

/**
 * How often the view hears of cell changes while a run goes: a render per answer is wasted work,
 * and each render is a task the next answer waits behind before its slot sends again (decision
 * 112: every 200 ms, the renders were a third of that wait).
 */
const NOTIFY_MS = 500;
/** How often the account (the credits in the header) is read again while a run goes. */
const ACCOUNT_REFRESH_MS = 2_000;

/**
 * What a batch has spent as its cap counts it: what its cells were charged, and an interrupted
 * cell at its cost (it may have been charged: the cap errs towards spending less).
 */
export function spentAgainstCap(runs: CellRuns, unit: number): number {
  const interrupted = Object.values(runs).filter((r) => r.state === 'interrupted').length;
  return creditsSpent(runs) + interrupted * unit;
}

/**
 * The batch of one page (one per query client): its run outlives the view, as a view's request
 * does, and stops with the page (a reload) or the key. Each cell change is stored as it happens;
 * the view reads the state through `store`.
 */
export class BatchSession {
  readonly store: Store<BatchState> = createStore(EMPTY);
  private runs: Record<string, CellRun> = {};
  private engine: EngineRun | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private loadingId: string | undefined | null = null;

  private readonly queryClient: QueryClient;

  constructor(queryClient: QueryClient) {
    this.queryClient = queryClient;
    // Answers under an old key are gone (the cache is cleared): so is its batch.
    subscribeApiKey(() => {
      this.stop();
      this.runs = {};
      this.store.set(EMPTY);
    });
    if (typeof window !== 'undefined')
      window.addEventListener('pagehide', () => void flushBatchStorage());
    // A key cleared in another tab deletes every stored batch (app/forget-on-clear.ts): this page
    // stops its run before paying for more that could not be kept (decision 060).
    resultsClearedAt.subscribe(() => this.keyClearedElsewhere());
  }

  private keyClearedElsewhere() {
    const engine = this.engine;
    if (!engine) return;
    engine.cancel();
    for (const [id, run] of Object.entries(this.runs))
      if (run.state === 'not-checked' && run.reason === 'cancelled')
        this.runs[id] = { state: 'not-checked', reason: 'key-cleared' };
    this.schedule();
  }

  /**
   * A cell's entry in the query cache, by its key's hash, worked out once per cell: the queue
   * asks for every waiting cell's cost (is it cached?) each time a request starts or ends.
   */
  private readonly hashes = new WeakMap<BatchCell, string>();
  private entry(cell: BatchCell) {
    let hash = this.hashes.get(cell);
    if (hash === undefined) {
      hash = hashKey(cellQuery(cell).queryKey);
      this.hashes.set(cell, hash);
    }
    return this.queryClient.getQueryCache().get<JsonResult<unknown>>(hash)?.state;
  }

  /** The answer kept for a cell (the query cache's, never a copy). */
  answer = (cell: BatchCell): BatchAnswer | undefined => {
    const data = this.entry(cell)?.data;
    return data ? ({ endpoint: cell.endpoint, data: data.data } as BatchAnswer) : undefined;
  };

  /** When this tab's cache answered the cell, or undefined. */
  cachedAt = (cell: BatchCell): number | undefined => {
    const state = this.entry(cell);
    return state?.data === undefined ? undefined : state.dataUpdatedAt;
  };

  /**
   * Opens a stored batch (the newest of this tab without an id) unless it is open already:
   * what was running when the page went away is interrupted, what waited was never sent.
   */
  async open(id?: string): Promise<void> {
    const current = this.store.get();
    if (current.batch && (id === undefined || current.batch.id === id)) return;
    if (this.engine || this.loadingId === (id ?? '')) return;
    this.loadingId = id ?? '';
    this.store.set({ ...current, status: 'loading' });
    const loaded = await loadBatch(id);
    this.loadingId = null;
    // A batch started meanwhile wins.
    if (this.store.get().batch && this.store.get().status !== 'loading') return;
    if (!loaded) {
      this.store.set({ ...EMPTY, status: id === undefined ? 'empty' : 'missing' });
      return;
    }
    this.runs = afterReload(loaded.runs);
    const { id: batchId, createdAt, definition } = loaded.batch;
    const batch = { id: batchId, createdAt, definition, matrix: matrixOf(definition) };
    this.store.set({ ...EMPTY, status: 'ready', batch, runs: { ...this.runs } });
    await this.restoreAnswers(batch, loaded.stored);
  }

  /**
   * Puts a reopened batch's stored answers back in the query cache, with the time each
   * arrived: the pivot reads them there, and a cell opened in its view finds its answer (for
   * nothing). One at a time, each read in a task of its own, so the page stays responsive.
   */
  private async restoreAnswers(batch: OpenBatch, stored: ReadonlySet<string>) {
    let restored = 0;
    for (const cell of batch.matrix.cells) {
      const run = this.runs[cell.id];
      if (!stored.has(cell.id) || this.entry(cell)?.data !== undefined) continue;
      if (run?.state !== 'answered' && run?.state !== 'cached') continue;
      const answer = await readAnswer(cell);
      if (this.store.get().batch !== batch) return;
      if (!answer || this.entry(cell)?.data !== undefined) continue;
      this.queryClient.setQueryData(cellQuery(cell).queryKey, answer as never, {
        updatedAt: run.at,
      });
      if (++restored % 100 === 0) this.notify();
    }
    if (restored > 0) this.notify();
  }

  /**
   * A new batch: stored, then run. Its first request waits for the batch's record (the write-ahead
   * of each cell comes after it in the same order), so a reload at any moment finds the batch.
   */
  start(definition: BatchDefinition, accountLimit: number): OpenBatch {
    this.engine?.stop();
    this.engine = null;
    const batch: OpenBatch = {
      id: timeId(),
      createdAt: Date.now(),
      definition,
      matrix: matrixOf(definition),
    };
    this.batchStored = saveBatch({ id: batch.id, createdAt: batch.createdAt, definition }).then(
      () => true,
      () => false,
    );
    this.runs = {};
    this.store.set({ ...EMPTY, status: 'ready', batch });
    this.run(batch.matrix.cells, accountLimit);
    return batch;
  }

  /**
   * Whether the open batch's own record is stored. When the browser refused it, the batch lives
   * as long as the page (nothing can resume it, so nothing can be paid twice) and its cells are
   * sent without a record; once it is stored, a cell leaves only after its record.
   */
  private batchStored: Promise<boolean> = Promise.resolve(true);

  private async writeAhead(batch: OpenBatch, cellId: string, run: CellRun): Promise<void> {
    this.recorded.add(cellId);
    this.neverSent.delete(cellId);
    if (!(await this.batchStored)) return;
    await saveCell(batch, cellId, run);
  }

  /** Cells of the current run whose write-ahead record stands, with no later state yet. */
  private recorded = new Set<string>();
  /** Recorded cells taken back uncharged: noted as the page goes (`noteNeverSent`). */
  private neverSent = new Set<string>();

  /**
   * Stores a cell's new state. A recorded cell that is waiting again was not charged (engine.ts,
   * `writeAhead`): it gets back the record it had before the run, and is noted as never sent should
   * the page go before that is stored.
   */
  private storeCell(batch: OpenBatch, cell: BatchCell, run: CellRun, before: CellRuns) {
    if (run.state === 'running') return;
    const recorded = this.recorded.delete(cell.id);
    if (run.state === 'waiting') {
      if (!recorded) return;
      this.neverSent.add(cell.id);
      void unrecordCell(batch, cell.id, before[cell.id]).catch(() => {});
      return;
    }
    this.neverSent.delete(cell.id);
    // The write-ahead stored `running`; every later state is stored as it happens, with the
    // answer this batch paid for, once (the workspace's stored results leave a batch's answers
    // out: result-persistence.ts).
    const entry = run.state === 'answered' ? this.entry(cell) : undefined;
    void saveCell(
      batch,
      cell.id,
      run,
      entry?.data && { data: entry.data, at: entry.dataUpdatedAt },
    ).catch(() => {});
  }

  /**
   * Pivot settings and the like: kept with the batch, and in its file. With `batchId`, only
   * if that batch is still the open one (settings typed into one must not land on the next).
   */
  update(change: Partial<BatchDefinition>, batchId?: string): void {
    const state = this.store.get();
    if (!state.batch || (batchId !== undefined && state.batch.id !== batchId)) return;
    const definition = { ...state.batch.definition, ...change };
    const batch = { ...state.batch, definition };
    if (state.batch === this.recordedBatch) this.recordedBatch = batch;
    else void saveBatch({ id: batch.id, createdAt: batch.createdAt, definition }).catch(() => {});
    this.store.set({ ...state, batch });
  }

  /** The batch a demo step shows from its recording (`showRecorded`): never stored. */
  private recordedBatch: OpenBatch | null = null;

  /**
   * Shows a demo step's batch with its cells' answers as the step recorded them (lent to the
   * query cache by the player, decision 097): a cell answered there reads as answered, the
   * others as never sent. Nothing is sent or stored; it goes when the demo ends. A run going on in this
   * page stays on screen instead (it is paying; the demo would hide it).
   */
  showRecorded(definition: BatchDefinition): void {
    if (this.engine) return;
    const batch: OpenBatch = {
      id: `demo-${timeId()}`,
      createdAt: Date.now(),
      definition,
      matrix: matrixOf(definition),
    };
    const runs: Record<string, CellRun> = {};
    for (const cell of batch.matrix.cells) {
      const at = this.cachedAt(cell);
      // Answered, as the recording shows them (a cached cell reads "cached · 0 credits", which
      // the live table did not say); what they cost is not recorded: 0 here.
      runs[cell.id] =
        at === undefined
          ? { state: 'not-checked', reason: 'never-sent' }
          : { state: 'answered', at, durationMs: 0, credits: 0 };
    }
    this.runs = runs;
    this.recordedBatch = batch;
    this.store.set({ ...EMPTY, status: 'ready', batch, runs: { ...runs } });
    const unsubscribe = subscribePlayback(() => {
      if (getPlayback() !== null) return;
      unsubscribe();
      if (this.store.get().batch?.id !== batch.id) return;
      this.recordedBatch = null;
      this.runs = {};
      this.store.set(EMPTY);
    });
  }

  /**
   * Sends `cells` (all of a new batch, those never sent on Resume, the failed ones on Retry)
   * through the shared queue, with the batch's cap and the concurrency it allows.
   */
  run(cells: readonly BatchCell[], limit: number): void {
    const state = this.store.get();
    const batch = state.batch;
    if (!batch || this.engine || cells.length === 0) return;
    const { endpoint, cap } = batch.definition;
    // The cap is the batch's: what it spent before this run counts against it.
    this.spentBefore = spentAgainstCap(this.runs, countedCost(endpoint).credits);
    const before = { ...this.runs };
    this.recorded.clear();
    this.neverSent.clear();
    this.store.set({ ...state, live: true, startedAt: state.startedAt ?? Date.now() });
    const engine = runCells({
      queryClient: this.queryClient,
      endpoint,
      cells,
      limit,
      cap: this.capLeft(cap),
      mark: batch.id,
      cachedAt: this.cachedAt,
      writeAhead: (cell, run) => this.writeAhead(batch, cell.id, run),
      onCell: (cell, run) => {
        this.runs[cell.id] = run;
        this.storeCell(batch, cell, run, before);
        this.schedule();
      },
      onProgress: (queue) => {
        if (this.engine === engine) this.schedule(queue);
      },
      onRest: (rest) => {
        // The page goes: what was recorded ahead and never left is noted where a reload finds it.
        if (rest.kind === 'stopped') noteNeverSent(batch.id, [...this.neverSent]);
        if (this.engine === engine) this.rested(rest);
      },
    });
    this.engine = engine;
  }

  /**
   * The page goes away: nothing more is sent or reported, and what was stored stays as it was
   * (running cells read as interrupted when the batch is opened again). Tests stand in for a
   * reload with it.
   */
  stop(): void {
    const engine = this.engine;
    this.engine = null;
    engine?.stop();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  pause = () => this.engine?.pause();
  cancel = () => this.engine?.cancel();
  setLimit = (limit: number) => this.engine?.setLimit(limit);

  /** Goes on after a pause, or past the cap with a new one (null: none). */
  resume(cap?: number | null): void {
    if (!this.engine) return;
    if (cap !== undefined) this.update({ cap });
    this.engine.resume(cap === undefined ? undefined : this.capLeft(cap));
  }

  private spentBefore = 0;
  private capLeft = (cap: number | null) =>
    cap === null ? null : Math.max(0, cap - this.spentBefore);

  private queue: QueueState | null = null;

  private schedule(queue?: QueueState) {
    if (queue) this.queue = queue;
    this.timer ??= setTimeout(() => this.notify(), NOTIFY_MS);
  }

  private accountAt = 0;

  /** The credits in the header follow the run, but not after every one of its requests. */
  private refreshAccount(force = false) {
    if (!force && Date.now() - this.accountAt < ACCOUNT_REFRESH_MS) return;
    this.accountAt = Date.now();
    void this.queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
  }

  private notify() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.engine) this.refreshAccount();
    const state = this.store.get();
    this.store.set({ ...state, runs: { ...this.runs }, queue: this.queue });
  }

  /**
   * The run came to rest: all done or cancelled, held at the cap or by a failure every request
   * meets (Pause, Cancel and a higher cap still apply), or stopped under the page.
   */
  private rested(rest: RunRest) {
    const held = rest.kind === 'held';
    if (!held) this.engine = null;
    this.refreshAccount(true);
    this.queue = held ? rest.state : null;
    this.notify();
    const state = this.store.get();
    if (!held) this.store.set({ ...state, live: false });
    if (state.batch) recordBatch(state.batch, state.runs, state.startedAt ?? Date.now());
  }
}

/**
 * One part of a batch's state as React state: the component re-renders when that part changes,
 * not on every cell (the page's form has no business re-rendering a few times a second).
 */
export function useBatchState<T>(session: BatchSession, pick: (state: BatchState) => T): T {
  return useExternal(session.store, pick);
}

const sessions = new WeakMap<QueryClient, BatchSession>();

/** The batch session of a page (its query client). */
export function batchSession(queryClient: QueryClient): BatchSession {
  let session = sessions.get(queryClient);
  if (!session) {
    session = new BatchSession(queryClient);
    sessions.set(queryClient, session);
  }
  return session;
}
