import { putBatchEntry } from '../history/history-store.ts';
import { localeLabel } from '../runs/lib/locale.ts';
import type { TrackerRun } from './lib/run.ts';
import { trackerMatrix, type Tracker } from './lib/tracker.ts';

const NAMED_QUERIES = 5;

/**
 * A tracker's run is one History entry (decision 068), like a batch: its requests grouped, with
 * what they spent, so "every request sent from this browser" holds for the trackers' too.
 */
export function recordTrackerRun(tracker: Tracker, run: TrackerRun): void {
  const { cells, locales } = trackerMatrix(tracker);
  const states = Object.values(run.cells);
  const answered = states.filter((c) => c.state === 'answered').length;
  const failed = states.filter((c) => c.state === 'failed').length;
  const unsent = cells.length - answered - failed;
  const queries = [...new Set(cells.map((c) => c.query))];
  putBatchEntry({
    endpoint: tracker.endpoint,
    params: {
      tracker: tracker.name,
      queries:
        queries.slice(0, NAMED_QUERIES).join(', ') + (queries.length > NAMED_QUERIES ? ', …' : ''),
      locales: locales.map(localeLabel).join(', '),
    },
    at: run.startedAt,
    durationMs: (run.finishedAt ?? Date.now()) - run.startedAt,
    status: failed > 0 ? 'error' : unsent > 0 ? 'cancelled' : 'ok',
    error:
      failed > 0
        ? `${failed} of ${cells.length} cells failed`
        : unsent > 0
          ? `${unsent} of ${cells.length} cells not checked (stopped at the cap or cancelled)`
          : undefined,
    credits: run.credits,
    results: answered,
    charged: run.credits > 0 ? 'yes' : 'no',
    batch: { id: `tracker-run:${run.id}`, cells: cells.length },
    tracker: { id: tracker.id, name: tracker.name },
  });
}
