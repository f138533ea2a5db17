import { useEffect, useState } from 'react';
import { eachInSlices } from '../../lib/next-task.ts';
import type { CellRuns } from '../runs/lib/cells.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import { MAX_COMPETITORS, suggestCompetitors } from '../runs/lib/pivot.ts';
import { resultRows, type BatchAnswer } from '../runs/lib/results.ts';

/**
 * The domains that rank most often, once a run is over (while it runs they change with every
 * answer). A thousand answers' rows were one render of up to 90 ms on the shared machine: they
 * are read a slice at a time first (`resultRows` keeps what it read), as the pivot's are, and
 * the domains are then counted in one short step.
 */
export function useCompetitorSuggestions(
  cells: readonly BatchCell[],
  runs: CellRuns,
  answer: (cell: BatchCell) => BatchAnswer | undefined,
  over: boolean,
): string[] {
  const [suggested, setSuggested] = useState<string[]>([]);
  useEffect(() => {
    if (!over) return;
    const answered = (cell: BatchCell) => {
      const state = runs[cell.id]?.state;
      return state === 'answered' || state === 'cached' ? answer(cell) : undefined;
    };
    return eachInSlices(
      cells,
      (cell) => {
        const found = answered(cell);
        if (found) resultRows(found, cell.params);
      },
      () => setSuggested(suggestCompetitors(cells, runs, answer, '', MAX_COMPETITORS * 2)),
    );
  }, [cells, runs, answer, over]);
  return over ? suggested : [];
}
