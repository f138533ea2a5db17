import { isApiError } from '../../../api/errors.ts';
import { RunQueue, type QueueState, type Settled } from '../../../lib/run-queue.ts';
import { cellError, type CellRun, type CellRuns, type NotCheckedReason } from './cells.ts';
import type { BatchCell } from './matrix.ts';
import { createRecordAhead } from './record-ahead.ts';
import type { RunPolicy } from './run-policy.ts';

/** A request recorded as leaving, before it leaves (write-ahead). */
export type Sending = Extract<CellRun, { state: 'running' }>;

export interface RunOptions {
  /** The cells to send, in order (what Run, Resume or Retry failed chose). */
  cells: readonly BatchCell[];
  /** At most this many in flight (`batchConcurrency`). */
  limit: number;
  /** "Stop at N credits", or null. */
  cap: number | null;
  /** Credits one request is counted at, read before each start: a cost measured meanwhile counts. */
  unitCost: () => number;
  /**
   * When an earlier answer stands for the cell (ms since the epoch), or undefined: such a cell
   * costs nothing, sends nothing and keeps the time of its answer.
   */
  cachedAt: (cell: BatchCell) => number | undefined;
  /**
   * Records durably that the cell's request may leave; the request is sent only once this
   * resolves, so a reload, a crash or a closed tab at any moment leaves a record of every request
   * that may have been paid. A rejection (the storage refused) sends nothing and holds the run.
   * The engine records the next cells while earlier requests are in flight (one per request in
   * flight), so a freed slot sends at once. A recorded cell reported `waiting` again was not
   * charged (never sent: a pause or the page going came first; or refused with a 429, or a free
   * request to retry), and its record is to be taken back (decision 062).
   */
  writeAhead: (cell: BatchCell, run: Sending) => Promise<void>;
  /** Sends one request; resolves once its answer is kept, rejects with its ApiError. */
  send: (cell: BatchCell, signal: AbortSignal) => Promise<unknown>;
  policy: RunPolicy;
  /** Each change of a cell, to store the moment it happens. */
  onCell: (cell: BatchCell, run: CellRun) => void;
  onProgress?: (state: QueueState) => void;
  /**
   * The run came to rest: nothing in flight and nothing it may send by itself. `held`: the cap or
   * a failure every request would meet keeps the rest back (`resume` goes on); `over`: all
   * settled or cancelled; `stopped`: the page went away or a request was cut off under it.
   */
  onRest?: (rest: RunRest) => void;
}

export type RunRest =
  | { kind: 'over'; state: QueueState }
  | { kind: 'held'; state: QueueState }
  | { kind: 'stopped'; state: QueueState };

export interface EngineRun {
  pause(): void;
  /** Sends again after a pause, or after the cap stopped the run (with a raised cap, or none). */
  resume(cap?: number | null): void;
  /** What waits is not sent (not checked: cancelled); requests in flight finish and are kept. */
  cancel(): void;
  /** Fewer (or more, up to what the account allows) at once from now on. */
  setLimit(limit: number): void;
  /**
   * The page goes away (a reload, a new or cleared key): nothing more is sent, requests in flight
   * are aborted and nothing more is reported but one `onRest` of kind `stopped`.
   */
  stop(): void;
  state(): QueueState;
  runs(): CellRuns;
}

/** The storage would not record a request before it left: it was not sent. */
export class NotRecorded extends Error {
  constructor(cause: unknown) {
    super('The request could not be recorded before it left, so it was not sent.', { cause });
  }
}

/** Cut off under the run (the page is unloading, every request was aborted): not the user's cancel. */
const cutOff = (error: unknown) => isApiError(error) && error.kind === 'aborted';

/**
 * A request the storage would not record was never sent: not a refusal, not charged, not retried,
 * and every other request would meet the same storage (it holds the run).
 */
function withWriteAhead(policy: RunPolicy): RunPolicy {
  return {
    ...policy,
    isRefusal: (error) => !(error instanceof NotRecorded) && policy.isRefusal(error),
    charged: (error) => !(error instanceof NotRecorded) && (policy.charged?.(error) ?? true),
    isFatal: (error) => error instanceof NotRecorded || (policy.isFatal?.(error) ?? false),
    retryDelayMs: (cell, error, attempt) =>
      error instanceof NotRecorded ? null : (policy.retryDelayMs?.(cell, error, attempt) ?? null),
  };
}

/** What a cell becomes when its request settles (`credits`: what it was counted at). */
function settledRun(settled: Settled, credits: number, startedAt: number): CellRun {
  const at = Date.now();
  switch (settled.kind) {
    case 'done':
      return { state: 'answered', at, durationMs: at - startedAt, credits };
    case 'failed': {
      if (settled.error instanceof NotRecorded)
        return { state: 'not-checked', reason: 'unrecorded' };
      const { error, charged } = cellError(settled.error);
      return { state: 'failed', at, error, charged, credits: settled.charged ? credits : 0 };
    }
    case 'again':
      return { state: 'waiting' };
    case 'dropped':
      return { state: 'not-checked', reason: 'cancelled' };
  }
}

/** Whether a run is at rest: nothing in flight or paused, and nothing it may send by itself. */
function restOf(state: QueueState): 'over' | 'held' | null {
  if (state.active > 0 || state.pausedUntil !== null) return null;
  if (state.waiting === 0) return 'over';
  return state.held === 'cap' || state.held === 'fatal' ? 'held' : null;
}

/**
 * What each cell of a run shows now, reported to `onCell` the moment it changes, and which of
 * them the queue still holds (waiting).
 */
function createCellBoard(cells: readonly BatchCell[], onCell: RunOptions['onCell']) {
  const runs: Record<string, CellRun> = {};
  const queued = new Set<string>();
  const byId = new Map(cells.map((c) => [c.id, c]));
  const set = (cell: BatchCell, run: CellRun) => {
    runs[cell.id] = run;
    if (run.state === 'waiting') queued.add(cell.id);
    else queued.delete(cell.id);
    onCell(cell, run);
  };
  return {
    set,
    setById: (id: string, run: CellRun) => set(byId.get(id)!, run),
    run: (id: string): CellRun | undefined => runs[id],
    runs: (): CellRuns => ({ ...runs }),
    isQueued: (id: string) => queued.has(id),
    /** The cells the queue still holds, shown as not checked while a hold lasts. */
    markQueued(next: (cell: BatchCell) => CellRun) {
      for (const id of [...queued]) set(byId.get(id)!, next(byId.get(id)!));
    },
  };
}

/**
 * The one run engine (batch runs, tracker runs, the headless runner): plan-priced cells through
 * the shared run queue at the account's concurrency, the cap checked before each request, 429s
 * backed off, every request recorded before it leaves, every change of a cell reported as it
 * happens. A hold (the cap, a failure every request would meet) shows the cells it keeps back as
 * not checked until the run goes on. Plain TypeScript: no DOM, no React, runs in Node.
 */
export function startRun(options: RunOptions): EngineRun {
  const { cells, send, cachedAt, onCell, policy } = options;
  const board = createCellBoard(cells, onCell);
  const { set } = board;
  const counted = new Map<string, number>();
  const controllers = new Map<string, AbortController>();
  let held: QueueState['held'] = null;
  let stopped = false;
  /** The rest last reported (none while the run goes): each is reported once. */
  let resting: RunRest['kind'] | null = null;
  /** Everything settled: a later stop (the run's end) is no news. */
  let over = false;

  const heldCells = new Map<string, NotCheckedReason>();
  const recordedAhead = createRecordAhead(options);
  /** Cells whose turn came, waiting for their record before their request leaves. */
  const starting = new Set<string>();

  /** Records the request (or finds it recorded ahead), then sends it: never the other way round. */
  async function writeThenSend(cell: BatchCell, run: Sending, signal: AbortSignal) {
    const ahead = recordedAhead.take(cell.id);
    starting.add(cell.id);
    try {
      await (ahead ?? options.writeAhead(cell, run));
    } catch (error) {
      throw new NotRecorded(error);
    } finally {
      starting.delete(cell.id);
    }
    // The page went away while the record was written: nothing leaves (the stop said so).
    if (stopped || signal.aborted) throw new NotRecorded('stopped');
    return send(cell, signal);
  }

  const cost = (cell: BatchCell) => (cachedAt(cell) === undefined ? options.unitCost() : 0);
  const queue: RunQueue<BatchCell> = new RunQueue(cells, {
    ...withWriteAhead(policy),
    limit: options.limit,
    cap: options.cap,
    cost,
    start: (cell) => {
      const answeredAt = cachedAt(cell);
      if (answeredAt !== undefined) {
        // Answered meanwhile: its record ahead is overwritten by the cached state below.
        void recordedAhead.take(cell.id);
        set(cell, { state: 'cached', at: answeredAt });
        return null;
      }
      counted.set(cell.id, cost(cell));
      const controller = new AbortController();
      controllers.set(cell.id, controller);
      const running: Sending = { state: 'running', startedAt: Date.now() };
      set(cell, running);
      return writeThenSend(cell, running, controller.signal)
        .catch((error: unknown) => {
          // Requests cut off under the run: the page is going; nothing more may leave (the
          // queue would refill the freed slots while the page unloads).
          if (cutOff(error)) interrupt();
          throw error;
        })
        .finally(() => controllers.delete(cell.id));
    },
    onSettle: (cell, settled) => settle(cell, settled),
    onChange: () => report(),
  });

  function settle(cell: BatchCell, settled: Settled) {
    const started = board.run(cell.id);
    const startedAt = started?.state === 'running' ? started.startedAt : Date.now();
    set(cell, settledRun(settled, counted.get(cell.id) ?? 0, startedAt));
  }

  /**
   * Cells recorded ahead that will not be sent now (a pause, the page going): waiting again, and
   * reported so, for their records to be taken back (decision 062).
   */
  function forgetRecordedAhead() {
    for (const id of recordedAhead.drain())
      if (board.isQueued(id)) board.setById(id, { state: 'waiting' });
  }

  function report() {
    if (stopped) return;
    const state = queue.state();
    if (state.held !== null) forgetRecordedAhead();
    else recordedAhead.fill(state, (n) => queue.upcoming(n));
    if (state.held !== held) {
      held = state.held;
      if (held === 'cap' || held === 'fatal') {
        const reason = held;
        board.markQueued(
          (cell) => (heldCells.set(cell.id, reason), { state: 'not-checked', reason }),
        );
      }
    }
    options.onProgress?.(state);
    const rest = restOf(state);
    if (rest !== resting) {
      resting = rest;
      if (rest === null) return;
      over = rest === 'over';
      options.onRest?.({ kind: rest, state });
    }
  }

  /** Ends the run where it stands: nothing more is sent; what was in flight is interrupted. */
  function interrupt() {
    if (stopped) return;
    stopped = true;
    queue.stop();
    // Recorded but never to leave: waiting again (their records are taken back), not interrupted.
    forgetRecordedAhead();
    for (const id of starting) board.setById(id, { state: 'waiting' });
    for (const controller of controllers.values()) controller.abort();
    for (const [id, run] of Object.entries(board.runs()))
      if (run.state === 'running')
        board.setById(id, { state: 'interrupted', startedAt: run.startedAt });
    if (!over) options.onRest?.({ kind: 'stopped', state: queue.state() });
  }

  // Every cell starts as waiting, in order, before the first request leaves; the queue starts in
  // a microtask, so no callback reaches the caller before it holds the run this returns.
  for (const cell of cells) set(cell, { state: 'waiting' });
  queueMicrotask(() => queue.pump());

  return {
    pause: () => queue.pause(),
    resume: (cap) => {
      if (cap !== undefined) queue.setCap(cap);
      // What a hold showed as not checked is waiting again.
      for (const id of heldCells.keys()) board.setById(id, { state: 'waiting' });
      heldCells.clear();
      held = null;
      queue.resume();
    },
    cancel: () => {
      recordedAhead.drain();
      // Cells a hold already showed as not checked keep its reason (stopped by the cap).
      for (const cell of queue.cancel())
        if (!heldCells.has(cell.id)) set(cell, { state: 'not-checked', reason: 'cancelled' });
      heldCells.clear();
    },
    setLimit: (limit) => queue.setLimit(limit),
    stop: interrupt,
    state: () => queue.state(),
    runs: board.runs,
  };
}
