import type { RunCell, TrackerRun } from './run.ts';

/** What the trackers may take in IndexedDB before old runs keep only their top results. */
export const DEFAULT_STORAGE_BUDGET = 50 * 1024 * 1024;
/** Results each cell keeps once its run is compacted. */
export const COMPACT_TOP_N = 10;

/**
 * A run's size as counted against the budget: its JSON's length. IndexedDB may keep it in less
 * (Chromium compresses: the bench's 33 MB of runs took 6.5 MB of the origin's quota), never
 * in much more.
 */
export const runSize = (run: TrackerRun) => JSON.stringify(run).length;

/** A run with only the top `n` results of each cell, without titles: ranks and URLs stay. */
export function compactRun(run: TrackerRun, n: number): TrackerRun {
  const cells: Record<string, RunCell> = {};
  for (const [id, cell] of Object.entries(run.cells))
    cells[id] =
      cell.state === 'answered'
        ? {
            ...cell,
            results: cell.results
              .filter((r) => r.rank <= n)
              .map((r) => ({ rank: r.rank, link: r.link })),
          }
        : cell;
  return { ...run, cells, compactedTo: n };
}

/** A stored run as the budget sees it, without reading the run itself. */
export interface RunEntry {
  id: string;
  trackerId: string;
  startedAt: number;
  size: number;
  compactedTo?: number;
}

/**
 * The runs to compact while all of them take more than the budget, in the order to compact
 * them: the oldest first, never `newest` (the run just made, which movers and alerts read in
 * full), nor one already compacted to `n` or fewer. The caller compacts them one at a time
 * and stops once the total fits.
 */
export function compactionOrder(
  entries: readonly RunEntry[],
  budget: number,
  newest: string,
  n = COMPACT_TOP_N,
): RunEntry[] {
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total <= budget) return [];
  return entries
    .filter((e) => e.id !== newest && !(e.compactedTo !== undefined && e.compactedTo <= n))
    .sort((a, b) => a.startedAt - b.startedAt);
}
