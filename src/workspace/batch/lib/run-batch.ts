import { RunQueue, type QueueState, type Settled } from '../../../lib/run-queue.ts';
import { cellError, type CellRun, type CellRuns, type NotCheckedReason } from './cells.ts';
import type { BatchCell } from './matrix.ts';
import type { RunPolicy } from './run-policy.ts';

export interface BatchRunOptions {
  /** The cells to send, in order (what Run, Resume or Retry failed chose). */
  cells: readonly BatchCell[];
  /** At most this many in flight (`batchConcurrency`). */
  limit: number;
  /** "Stop at N credits", or null. */
  cap: number | null;
  /** Credits one request is counted at, read before each start: a cost measured meanwhile counts. */
  unitCost: () => number;
  /** Answered in this tab's cache already: shown as cached, costs nothing, sends nothing. */
  isCached: (cell: BatchCell) => boolean;
  /** Sends one request; resolves once its answer is kept, rejects with its ApiError. */
  send: (cell: BatchCell, signal: AbortSignal) => Promise<unknown>;
  policy: RunPolicy;
  /** Each change of a cell, to store the moment it happens. */
  onCell: (cell: BatchCell, run: CellRun) => void;
  onProgress?: (state: QueueState) => void;
}

export interface BatchRun {
  pause(): void;
  /** Sends again after a pause, or after the cap stopped the run (with a raised cap, or none). */
  resume(cap?: number | null): void;
  /** What waits is not sent (not checked: cancelled); requests in flight finish and are kept. */
  cancel(): void;
  /** Fewer (or more, up to what the account allows) at once from now on. */
  setLimit(limit: number): void;
  /** The page goes away: everything stops and nothing more is reported (a reload, a new key). */
  stop(): void;
  state(): QueueState;
  runs(): CellRuns;
}

/**
 * Runs a batch's cells through the shared run queue: every change of a cell is reported as it
 * happens, the cap is checked before each request, and a hold (the cap, a failure every
 * request would meet) shows the cells it keeps back as not checked until the run goes on.
 */
export function runBatch(options: BatchRunOptions): BatchRun {
  const { cells, send, isCached, onCell } = options;
  const runs: Record<string, CellRun> = {};
  const counted = new Map<string, number>();
  const controllers = new Map<string, AbortController>();
  const queued = new Set<string>();
  let held: QueueState['held'] = null;

  const set = (cell: BatchCell, run: CellRun) => {
    runs[cell.id] = run;
    if (run.state === 'waiting') queued.add(cell.id);
    else queued.delete(cell.id);
    onCell(cell, run);
  };
  const byId = new Map(cells.map((c) => [c.id, c]));
  /** The cells the queue still holds, shown as not checked while a hold lasts. */
  const markQueued = (next: (cell: BatchCell) => CellRun) => {
    for (const id of [...queued]) set(byId.get(id)!, next(byId.get(id)!));
  };
  const heldCells = new Map<string, NotCheckedReason>();

  const cost = (cell: BatchCell) => (isCached(cell) ? 0 : options.unitCost());
  const queue: RunQueue<BatchCell> = new RunQueue(cells, {
    ...options.policy,
    limit: options.limit,
    cap: options.cap,
    cost,
    start: (cell) => {
      if (isCached(cell)) {
        set(cell, { state: 'cached', at: Date.now() });
        return null;
      }
      counted.set(cell.id, cost(cell));
      const controller = new AbortController();
      controllers.set(cell.id, controller);
      set(cell, { state: 'running', startedAt: Date.now() });
      return send(cell, controller.signal).finally(() => controllers.delete(cell.id));
    },
    onSettle: (cell, settled) => settle(cell, settled),
    onChange: () => report(),
  });

  function settle(cell: BatchCell, settled: Settled) {
    const credits = counted.get(cell.id) ?? 0;
    const started = runs[cell.id];
    const startedAt = started?.state === 'running' ? started.startedAt : Date.now();
    switch (settled.kind) {
      case 'done':
        return set(cell, {
          state: 'answered',
          at: Date.now(),
          durationMs: Date.now() - startedAt,
          credits,
        });
      case 'failed': {
        const { error, charged } = cellError(settled.error);
        return set(cell, {
          state: 'failed',
          at: Date.now(),
          error,
          charged,
          credits: settled.charged ? credits : 0,
        });
      }
      case 'again':
        return set(cell, { state: 'waiting' });
      case 'dropped':
        return set(cell, { state: 'not-checked', reason: 'cancelled' });
    }
  }

  function report() {
    const state = queue.state();
    if (state.held !== held) {
      held = state.held;
      if (held === 'cap' || held === 'fatal') {
        const reason = held;
        markQueued((cell) => (heldCells.set(cell.id, reason), { state: 'not-checked', reason }));
      }
    }
    options.onProgress?.(state);
  }

  // Every cell starts as waiting, in order, before the first request leaves.
  for (const cell of cells) set(cell, { state: 'waiting' });
  queue.pump();

  return {
    pause: () => queue.pause(),
    resume: (cap) => {
      if (cap !== undefined) queue.setCap(cap);
      // What a hold showed as not checked is waiting again.
      for (const id of heldCells.keys()) set(byId.get(id)!, { state: 'waiting' });
      heldCells.clear();
      held = null;
      queue.resume();
    },
    cancel: () => {
      // Cells a hold already showed as not checked keep its reason (stopped by the cap).
      for (const cell of queue.cancel())
        if (!heldCells.has(cell.id)) set(cell, { state: 'not-checked', reason: 'cancelled' });
      heldCells.clear();
    },
    setLimit: (limit) => queue.setLimit(limit),
    stop: () => {
      queue.stop();
      for (const controller of controllers.values()) controller.abort();
    },
    state: () => queue.state(),
    runs: () => ({ ...runs }),
  };
}
