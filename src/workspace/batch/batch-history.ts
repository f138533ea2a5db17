import { putBatchEntry } from '../history/history-store.ts';
import { countCells, creditsSpent, cellView, type CellRuns } from '../runs/lib/cells.ts';
import { localeLabel } from '../runs/lib/locale.ts';
import type { OpenBatch } from '../runs/cell-query.ts';

/** The queries a history entry names (its text search finds the batch by them). */
const NAMED_QUERIES = 5;

/**
 * A batch is one history entry, updated in place each time its run stops: its cells, the
 * credits counted for them, and how it ended.
 */
export function recordBatch(batch: OpenBatch, runs: CellRuns, startedAt: number): void {
  const { cells, locales } = batch.matrix;
  const counts = countCells(cells.map((c) => cellView(runs[c.id])));
  const queries = [...new Set(cells.map((c) => c.query))];
  const answered = counts.ranked + counts.unranked + counts.answered + counts.cached;
  const unsent = counts['not-checked'] + counts.waiting + counts.running + counts.interrupted;
  putBatchEntry({
    endpoint: batch.definition.endpoint,
    params: {
      queries:
        queries.slice(0, NAMED_QUERIES).join(', ') + (queries.length > NAMED_QUERIES ? ', …' : ''),
      locales: locales.map(localeLabel).join(', '),
    },
    at: startedAt,
    durationMs: Date.now() - startedAt,
    status: counts.failed > 0 ? 'error' : unsent > 0 ? 'cancelled' : 'ok',
    error:
      counts.failed > 0
        ? `${counts.failed} of ${cells.length} cells failed`
        : unsent > 0
          ? `${unsent} of ${cells.length} cells not checked`
          : undefined,
    credits: creditsSpent(runs),
    results: answered,
    batch: { id: batch.id, cells: cells.length },
  });
}
