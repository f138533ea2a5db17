import { LONG_COLUMNS, type LongRow } from '../../runs/lib/export.ts';
import { hostOf } from '../../../lib/links.ts';
import { cellOfId } from '../../runs/lib/matrix.ts';
import { trackerMatrix, type Tracker } from './tracker.ts';
import type { TrackerRun } from './run.ts';

/** One result of one cell of one run: the batch's long format with the run it came from. */
export interface TrackerLongRow extends LongRow {
  run_id: string;
  /** When the run started (ISO 8601); `run_time` is when the cell's answer arrived. */
  run_started: string;
}

/**
 * Every kept result of every run, oldest run first, each run's cells in the tracker's order,
 * then those the tracker no longer asks (edited since): their history is kept, so it goes out.
 */
export function trackerLongRows(tracker: Tracker, runs: readonly TrackerRun[]): TrackerLongRow[] {
  const cells = trackerMatrix(tracker).cells;
  const tracked = new Set(cells.map((c) => c.id));
  const rows: TrackerLongRow[] = [];
  for (const run of runs) {
    const started = new Date(run.startedAt).toISOString();
    const dropped = Object.keys(run.cells).flatMap((id) =>
      tracked.has(id) ? [] : (cellOfId(id) ?? []),
    );
    for (const cell of [...cells, ...dropped]) {
      const kept = run.cells[cell.id];
      if (kept?.state !== 'answered') continue;
      const at = new Date(kept.at).toISOString();
      for (const r of kept.results)
        rows.push({
          run_id: run.id,
          run_started: started,
          query: cell.query,
          country: cell.locale.country,
          language: cell.locale.language,
          rank: r.rank,
          title: r.title ?? '',
          link: r.link,
          domain: hostOf(r.link) ?? '',
          run_time: at,
        });
    }
  }
  return rows;
}

export const TRACKER_LONG_COLUMNS = [
  'run_id',
  'run_started',
  ...LONG_COLUMNS,
] as const satisfies readonly (keyof TrackerLongRow)[];
