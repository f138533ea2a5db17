import { useEffect, useMemo, useState } from 'react';
import { eachInSlices } from '../../lib/next-task.ts';
import { buildPivot, pivotReader, type Pivot, type PivotInput } from '../runs/lib/pivot.ts';

/**
 * The pivot of `input`, kept current: the answers are read a slice at a time (a thousand of
 * them, with five competitors, were one task of up to 100 ms on the shared machine), then the
 * pivot is built from what was read in one short step. Until then the last pivot stays on
 * screen; at first, one without ranks (each cell's state alone, which costs nothing to read).
 */
export function usePivot(input: PivotInput): Pivot {
  const { cells, locales, runs, answer, target, expectedUrl, competitors } = input;
  const same = useMemo(
    () => ({ cells, locales, runs, answer, target, expectedUrl, competitors }),
    [cells, locales, runs, answer, target, expectedUrl, competitors],
  );
  const [pivot, setPivot] = useState(() => buildPivot({ ...same, answer: () => undefined }));
  useEffect(
    () =>
      eachInSlices(same.cells, pivotReader(same), () =>
        // The rows that did not change are the last pivot's: the table renders the others.
        setPivot((last) => buildPivot(same, last)),
      ),
    [same],
  );
  return pivot;
}
