import { ExportButtons } from '../../components/export-buttons.tsx';
import { fileDate, fileSlug } from '../../lib/download.ts';
import { longCsv, longJson } from '../runs/lib/export.ts';
import { TRACKER_LONG_COLUMNS, trackerLongRows } from './lib/long-export.ts';
import type { TrackerRun } from './lib/run.ts';
import { serializeTrackers } from './lib/tracker-file-write.ts';
import type { Tracker } from './lib/tracker.ts';
import type { TrackerSession } from './tracker-session.ts';

/** A tracker's history in long format, its file, and Delete (once every run is read). */
export function TrackerFiles({
  session,
  tracker,
  runs,
  ran,
  reading,
}: {
  /** None for a runner's tracker: it is removed on the runner. */
  session: TrackerSession | null;
  tracker: Tracker;
  runs: readonly TrackerRun[];
  ran: readonly TrackerRun[];
  reading: number;
}) {
  const name = fileSlug(tracker.name) || 'tracker';
  return (
    <div className="flex flex-wrap gap-3">
      <ExportButtons
        label="Export history"
        disabled={ran.length === 0 || reading > 0}
        files={[
          {
            label: 'History CSV',
            name: `tracker-history_${name}_${fileDate()}.csv`,
            type: 'text/csv;charset=utf-8',
            text: () => longCsv(trackerLongRows(tracker, runs), TRACKER_LONG_COLUMNS),
          },
          {
            label: 'History JSON',
            name: `tracker-history_${name}_${fileDate()}.json`,
            type: 'application/json',
            text: () => longJson(trackerLongRows(tracker, runs)),
          },
          {
            label: 'Tracker file',
            name: `tracker_${name}_${fileDate()}.trackers.json`,
            type: 'application/json',
            text: () => serializeTrackers([{ tracker, runs: [...runs] }]),
          },
        ]}
      />
      {session && (
        <button
          type="button"
          className="rounded border border-red-700 px-3 py-1 text-sm text-red-800 dark:text-red-300"
          onClick={() => {
            if (window.confirm(`Delete “${tracker.name}” and all its runs?`))
              void session.remove(tracker.id);
          }}
        >
          Delete tracker
        </button>
      )}
    </div>
  );
}
