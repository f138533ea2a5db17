import type { QueryClient } from '@tanstack/react-query';
import { sessionUsageStore } from '../../api/session-usage.ts';
import type { QueueState } from '../../lib/run-queue.ts';
import type { CellRun } from './lib/cells.ts';
import type { BatchEndpointId } from './lib/endpoints.ts';
import type { BatchCell } from './lib/matrix.ts';
import { countedCost } from './lib/pricing.ts';
import { batchRunPolicy, isFreeRequest } from './lib/run-policy.ts';
import { runBatch, type BatchRun } from './lib/run-batch.ts';
import { cellQuery } from './open-batch.ts';

export interface CellsRunOptions {
  queryClient: QueryClient;
  endpoint: BatchEndpointId;
  cells: readonly BatchCell[];
  limit: number;
  /** What the run may still spend, or null. */
  cap: number | null;
  /** Marks the requests (`meta.batch`): one history entry, not stored one by one. */
  mark: string;
  /**
   * Ask the service again even for a cell this tab's cache answered (a tracker's run: its
   * point is today's answer). Otherwise a cached cell is free and keeps its answer.
   */
  fresh?: boolean;
  cachedAt: (cell: BatchCell) => number | undefined;
  onCell: (cell: BatchCell, run: CellRun) => void;
  onProgress: (queue: QueueState) => void;
}

/**
 * Cells sent through the batch engine with the views' own queries (decision 043): the cost each
 * is counted at follows what the session measures, the cap is checked before each request.
 * `stopCounting` stops following the measured costs once the run is over.
 */
export function runCells(options: CellsRunOptions): {
  engine: BatchRun;
  stopCounting: () => void;
} {
  const { queryClient, endpoint, mark, fresh = false } = options;
  // Read when a cost is measured, not each time the queue asks (for every cell it holds).
  let counted = countedCost(endpoint);
  const stopCounting = sessionUsageStore.subscribe(() => (counted = countedCost(endpoint)));
  const engine = runBatch({
    cells: options.cells,
    limit: options.limit,
    cap: options.cap,
    unitCost: () => counted.credits,
    cachedAt: fresh ? () => undefined : options.cachedAt,
    // Resolves once the answer is in the cache (the workspace's persister stores it from there).
    send: (cell) =>
      queryClient.fetchQuery({
        ...cellQuery(cell),
        ...(fresh ? { staleTime: 0 } : {}),
        meta: { spendsCredits: true, batch: mark },
      }),
    policy: batchRunPolicy(() => isFreeRequest(endpoint, counted)),
    onCell: options.onCell,
    onProgress: options.onProgress,
  });
  return { engine, stopCounting };
}
