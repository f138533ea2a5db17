import type { BatchCell } from '../../runs/lib/matrix.ts';
import type { RunCell, TrackerRun } from './run.ts';
import { trackerMatrix, trackerFromBatch, type Tracker } from './tracker.ts';

/** A tracker of `queries` × `locales` for example.com with rival.com as competitor (tests only). */
export function testTracker(
  queries: readonly string[] = ['coffee', 'tea'],
  locales = [{ country: 'us', language: 'en' }],
): Tracker {
  return trackerFromBatch(
    {
      endpoint: 'search',
      rows: queries.map((query) => ({ query, params: {} })),
      locales,
      cap: null,
      target: 'example.com',
      competitors: ['rival.com'],
    },
    { id: 't1', name: 'Test', now: 0 },
  );
}

/** A result list with the given domains in order (rank = place). */
export const page = (...domains: string[]) =>
  domains.map((d, i) => ({ rank: i + 1, link: `https://${d}/`, title: d }));

/** A run whose cells answer with the lists given by cell index (null: not checked). */
export function testRun(
  tracker: Tracker,
  id: string,
  startedAt: number,
  lists: (ReturnType<typeof page> | null)[],
): TrackerRun {
  const cells: Record<string, RunCell> = {};
  trackerMatrix(tracker).cells.forEach((cell: BatchCell, i) => {
    const list = lists[i];
    cells[cell.id] =
      list === null || list === undefined
        ? { state: 'not-checked' }
        : { state: 'answered', at: startedAt, results: list };
  });
  return {
    id,
    trackerId: tracker.id,
    slot: null,
    startedAt,
    finishedAt: startedAt + 1,
    status: 'done',
    credits: 20 * lists.filter(Boolean).length,
    cells,
  };
}
