import type { QueryClient } from '@tanstack/react-query';
import { sessionUsageStore } from '../../api/session-usage.ts';
import type { QueueState } from '../../lib/run-queue.ts';
import type { CellRun } from './lib/cells.ts';
import type { BatchEndpointId } from './lib/endpoints.ts';
import type { BatchCell } from './lib/matrix.ts';
import { countedCost } from './lib/pricing.ts';
import { batchRunPolicy, isFreeRequest } from './lib/run-policy.ts';
import { startRun, type EngineRun, type RunRest, type Sending } from './lib/engine.ts';
import { cellQuery } from './cell-query.ts';

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
  /** The durable record that a cell's request is leaving (the engine's write-ahead). */
  writeAhead: (cell: BatchCell, run: Sending) => Promise<void>;
  onCell: (cell: BatchCell, run: CellRun) => void;
  onProgress: (queue: QueueState) => void;
  onRest: (rest: RunRest) => void;
}

/** The runs of this page: a page going away stops them before its requests are cut off. */
const live = new Set<EngineRun>();
if (typeof window !== 'undefined') {
  const stopAll = () => {
    for (const run of live) run.stop();
  };
  // Leaving (a reload, a closed tab, another address): nothing more may leave. Without this the
  // queue refilled each slot its cut-off requests freed while the page unloaded (issue 34): the
  // browser fails a leaving page's requests before `pagehide`, but after `beforeunload`.
  window.addEventListener('beforeunload', stopAll);
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) stopAll();
  });
}

/**
 * Cells sent through the run engine with the views' own queries (decision 043): the cost each is
 * counted at follows what the session measures, the cap is checked before each request, each
 * request is recorded before it leaves. Following the measured costs ends with the run.
 */
export function runCells(options: CellsRunOptions): EngineRun {
  const { queryClient, endpoint, mark, fresh = false } = options;
  // Read when a cost is measured, not each time the queue asks (for every cell it holds).
  let counted = countedCost(endpoint);
  const stopCounting = sessionUsageStore.subscribe(() => (counted = countedCost(endpoint)));
  const engine: EngineRun = startRun({
    cells: options.cells,
    limit: options.limit,
    cap: options.cap,
    unitCost: () => counted.credits,
    cachedAt: fresh ? () => undefined : options.cachedAt,
    writeAhead: options.writeAhead,
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
    onRest: (rest) => {
      if (rest.kind !== 'held') {
        live.delete(engine);
        stopCounting();
      }
      options.onRest(rest);
    },
  });
  live.add(engine);
  return engine;
}
