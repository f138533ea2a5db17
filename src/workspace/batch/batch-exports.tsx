import { ExportButtons, type ExportFile } from '../../components/export-buttons.tsx';
import type { CellRuns } from '../runs/lib/cells.ts';
import { serializeDefinition } from '../runs/lib/definition.ts';
import { batchFileName, longCsv, longJson, longRows, pivotCsv } from '../runs/lib/export.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import type { Pivot } from '../runs/lib/pivot.ts';
import type { BatchAnswer } from '../runs/lib/results.ts';
import type { OpenBatch } from '../runs/cell-query.ts';

/**
 * The batch's files: the pivot (search with a target), every result of every cell in long
 * format as CSV and JSON, and the batch itself, to load again. Each is written when its
 * button is pressed, from the answers in the cache.
 */
export function BatchExports({
  batch,
  runs,
  pivot,
  answer,
}: {
  batch: OpenBatch;
  runs: CellRuns;
  pivot: Pivot | null;
  answer: (cell: BatchCell) => BatchAnswer | undefined;
}) {
  const cells = batch.matrix.cells;
  const rows = () => longRows(cells, runs, answer);
  const files: ExportFile[] = [
    ...(pivot
      ? [
          {
            label: 'Pivot CSV',
            name: batchFileName('pivot', 'csv', pivot.target),
            type: 'text/csv;charset=utf-8',
            text: () => pivotCsv(pivot),
          },
        ]
      : []),
    {
      label: 'Results CSV',
      name: batchFileName('results', 'csv'),
      type: 'text/csv;charset=utf-8',
      text: () => longCsv(rows()),
    },
    {
      label: 'Results JSON',
      name: batchFileName('results', 'json'),
      type: 'application/json',
      text: () => longJson(rows()),
    },
    {
      label: 'Batch file',
      name: batchFileName('definition', 'json'),
      type: 'application/json',
      text: () => serializeDefinition(batch.definition),
    },
  ];
  return <ExportButtons label="Export the batch" files={files} />;
}
