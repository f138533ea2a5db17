import type { QueueState } from '../../../lib/run-queue.ts';
import type { BatchCell } from './matrix.ts';
import type { RunOptions } from './engine.ts';

/**
 * The records written before a cell's turn (decision 062): one per request in flight, so the
 * slot a settled request frees sends without waiting for the storage.
 */
export interface RecordAhead {
  /** The write this cell's request waits for, if it was recorded ahead; it is no longer ahead. */
  take(id: string): Promise<void> | undefined;
  /** Records the next cells while requests are in flight, never past what the cap lets start. */
  fill(state: QueueState, upcoming: (n: number) => readonly BatchCell[]): void;
  /** Forgets every record ahead (a pause, a cancel, the page going); returns their cells' ids. */
  drain(): string[];
}

export function createRecordAhead({
  writeAhead,
  unitCost,
  cachedAt,
}: Pick<RunOptions, 'writeAhead' | 'unitCost' | 'cachedAt'>): RecordAhead {
  const ahead = new Map<string, Promise<void>>();
  return {
    take(id) {
      const write = ahead.get(id);
      ahead.delete(id);
      return write;
    },
    fill(state, upcoming) {
      if (state.held !== null || state.pausedUntil !== null) return;
      const unit = unitCost();
      const affordable =
        state.cap === null || unit <= 0
          ? Infinity
          : Math.floor((state.cap - state.spent - state.reserved) / unit);
      for (const cell of upcoming(Math.min(state.active, affordable))) {
        if (ahead.size >= state.active) break;
        if (ahead.has(cell.id) || cachedAt(cell) !== undefined) continue;
        const write = writeAhead(cell, { state: 'running', startedAt: Date.now() });
        // A refused write is met when the cell's turn comes (it holds the run then).
        write.catch(() => {});
        ahead.set(cell.id, write);
      }
    },
    drain() {
      const ids = [...ahead.keys()];
      ahead.clear();
      return ids;
    },
  };
}
