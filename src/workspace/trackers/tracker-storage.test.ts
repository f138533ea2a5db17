import { clearAllDatabases } from '../../session/browser-databases.ts';
import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { beforeEach, describe, expect, test } from 'vitest';
import { missedRun, runId, type TrackerRun } from './lib/run.ts';
import { storedRunSchema } from './lib/tracker-schemas.ts';
import { lastRuns, loadNewestRuns, loadRuns, saveRun } from './tracker-storage.ts';

const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 1);

const run = (k: number, init: Partial<TrackerRun> = {}): TrackerRun => ({
  id: runId(start + k * DAY),
  trackerId: 'trk',
  slot: null,
  startedAt: start + k * DAY,
  finishedAt: start + k * DAY + 1000,
  status: 'done',
  credits: 20 * (k + 1),
  cells: {},
  ...init,
});

beforeEach(async () => {
  await clearAllDatabases();
});

describe('tracker storage', () => {
  test('the newest runs are read back until two that ran; the rest is counted, then read without those again', async () => {
    for (let k = 0; k < 6; k++) await saveRun(run(k));
    await saveRun(missedRun('trk', start + 6 * DAY, 'no-tab'));
    await saveRun(run(7, { trackerId: 'other' }));
    const newest = await loadNewestRuns('trk');
    expect(newest.runs.map((r) => r.startedAt)).toEqual([4, 5, 6].map((k) => start + k * DAY));
    expect(newest.older).toBe(4);
    const all = await loadRuns('trk', newest.runs);
    expect(all.map((r) => r.startedAt)).toEqual([0, 1, 2, 3, 4, 5, 6].map((k) => start + k * DAY));
    // The runs read first are the same objects: not read twice.
    expect(all.at(-2)).toBe(newest.runs[1]);
    expect(await loadNewestRuns('nothing')).toEqual({ runs: [], older: 0 });
  });

  test('the list reads each tracker’s last run from its record, or from the run for a record of an older version', async () => {
    await saveRun(run(0));
    await saveRun(run(1, { status: 'stopped', credits: 7 }));
    await saveRun(missedRun('trk', start + 2 * DAY, 'no-tab'));
    // An older version's record (no status, no credits) beside its run.
    const old = run(3, { trackerId: 'old', credits: 60 });
    const db = createStore('web-data-dashboard-trackers', 'trackers');
    await set(['run', 'old', old.id], old, db);
    await set(['size', 'old', old.id], { startedAt: old.startedAt, size: 10 }, db);
    const last = await lastRuns();
    expect(last.get('trk')).toEqual({ startedAt: start + DAY, status: 'stopped', credits: 7 });
    expect(last.get('old')).toEqual({ startedAt: old.startedAt, status: 'done', credits: 60 });
  });

  test('a run this version wrote reads back as the schema reads it; a record without its stamp is checked', async () => {
    const answered = run(0, {
      cells: {
        a: { state: 'answered', at: start, results: [{ rank: 1, link: 'https://a.com/' }] },
        b: { state: 'failed', status: 500, charged: 'no' },
        c: { state: 'not-checked' },
      },
    });
    await saveRun(answered);
    const db = createStore('web-data-dashboard-trackers', 'trackers');
    // Unstamped: an older version's run, and one that does not read (a cell without results).
    await set(['run', 'trk', runId(start + DAY)], run(1), db);
    const broken = run(2, { cells: { a: { state: 'answered', at: start } as never } });
    await set(['run', 'trk', broken.id], broken, db);
    const read = await loadRuns('trk');
    expect(read.map((r) => r.startedAt)).toEqual([start, start + DAY]);
    expect(read[0]).toEqual(storedRunSchema.parse(answered));
    expect(read[0]).not.toHaveProperty('shape');
  });
});
