import type { RunCell, TrackerRun } from './run.ts';

/** What the trackers may take in IndexedDB before old runs keep only their top results. */
export const DEFAULT_STORAGE_BUDGET = 50 * 1024 * 1024;
/** Results each cell keeps once its run is compacted. */
export const COMPACT_TOP_N = 10;

/** A run's size as stored, about (its JSON's length in UTF-16 units, as IndexedDB counts text). */
export const runSize = (run: TrackerRun) => JSON.stringify(run).length * 2;

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

/**
 * Which runs to compact so that all of them fit the budget: the oldest first, never the
 * newest (the one just made, which movers and alerts read in full). Returns the compacted
 * copies to store; the sizes are those of the runs as they will be.
 */
export function runsToCompact(
  runs: readonly TrackerRun[],
  budget: number,
  n = COMPACT_TOP_N,
): { compacted: TrackerRun[]; size: number } {
  const sizes = runs.map(runSize);
  let size = sizes.reduce((a, b) => a + b, 0);
  const compacted: TrackerRun[] = [];
  const oldestFirst = runs
    .map((run, i) => ({ run, i }))
    .sort((a, b) => a.run.startedAt - b.run.startedAt)
    .slice(0, -1);
  for (const { run, i } of oldestFirst) {
    if (size <= budget) break;
    if (run.compactedTo !== undefined && run.compactedTo <= n) continue;
    const small = compactRun(run, n);
    const smaller = runSize(small);
    size -= sizes[i]! - smaller;
    compacted.push(small);
  }
  return { compacted, size };
}
