import { envelope, FILE_KINDS } from '../../../lib/file-envelope.ts';
import { serializeDefinition } from '../../runs/lib/definition.ts';
import type { RunCell, TrackerRun } from './run.ts';
import { trackerDefinition, type Tracker } from './tracker.ts';

/**
 * The trackers file written (decision 066), apart from its reading (tracker-file.ts): writing
 * needs no schema, so the view's first screen (the page, the detail's files) loads no zod for
 * it; the file is read, through its schema, only when one is imported.
 */

/** The trackers file's version: what this dashboard writes and reads. */
export const TRACKERS_VERSION = 1;

/** What a trackers file says it is, so no other JSON file is read as one. */
export const TRACKERS_KIND = FILE_KINDS.trackers;

export interface TrackerWithRuns {
  tracker: Tracker;
  runs: TrackerRun[];
}

/**
 * Trackers with every run as one file. Every field is picked by name (the requests through the
 * batch file's own writer), so nothing else rides along: no key, no account.
 */
export function serializeTrackers(entries: readonly TrackerWithRuns[], now = new Date()): string {
  const file = envelope(
    { kind: TRACKERS_KIND, version: TRACKERS_VERSION },
    {
      savedAt: now.toISOString(),
      trackers: entries.map(({ tracker: t, runs }) => ({
        id: t.id,
        name: t.name,
        createdAt: t.createdAt,
        definition: JSON.parse(serializeDefinition(trackerDefinition(t))) as unknown,
        monthlyCap: t.monthlyCap,
        cadence: t.cadence,
        anchor: t.anchor,
        topN: t.topN,
        alerts: { ...t.alerts },
        runs: runs.map((r) => ({
          id: r.id,
          slot: r.slot,
          startedAt: r.startedAt,
          finishedAt: r.finishedAt,
          status: r.status,
          ...(r.missedReason ? { missedReason: r.missedReason } : {}),
          credits: r.credits,
          ...(r.compactedTo ? { compactedTo: r.compactedTo } : {}),
          ...(r.suspect === undefined ? {} : { suspect: r.suspect }),
          cells: Object.fromEntries(Object.entries(r.cells).map(([id, c]) => [id, keptCell(c)])),
        })),
      })),
    },
  );
  return `${JSON.stringify(file)}\n`;
}

const keptCell = (c: RunCell): RunCell =>
  c.state === 'answered'
    ? {
        state: 'answered',
        at: c.at,
        results: c.results.map((r) => ({
          rank: r.rank,
          link: r.link,
          ...(r.title === undefined ? {} : { title: r.title }),
        })),
      }
    : c.state === 'failed'
      ? { state: 'failed', status: c.status, charged: c.charged }
      : { state: 'not-checked' };
