import { readFileText } from '../../../lib/file-envelope.ts';
import type { TrackerWithRuns } from './tracker-file-write.ts';
import { TRACKERS_FILE } from './tracker-schemas.ts';

export {
  serializeTrackers,
  TRACKERS_KIND,
  TRACKERS_VERSION,
  type TrackerWithRuns,
} from './tracker-file-write.ts';

/**
 * The trackers file (decision 066): written by tracker-file-write.ts, read by its schema in tracker-schemas.ts,
 * which also reads trackers, runs and alerts back from the browser's storage.
 */

/**
 * Reads a trackers file back, checking all of it: each tracker's requests as a batch file
 * (the catalogue's checks), its settings, and every run and result as data of known shapes.
 * Anything wrong is listed, and nothing of a wrong file is used.
 */
export function parseTrackers(text: string): { entries: TrackerWithRuns[] } | { errors: string[] } {
  const read = readFileText(text, TRACKERS_FILE);
  return read.ok ? { entries: read.value } : { errors: read.errors };
}
