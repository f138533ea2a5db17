import { clearAllDatabases } from '../../session/browser-databases.ts';
import 'fake-indexeddb/auto';
import { createStore, entries, set } from 'idb-keyval';
import { beforeEach, describe, expect, test } from 'vitest';
import { moversBetween } from './lib/movers.ts';
import { missedRun, runId, type TrackerRun } from './lib/run.ts';
import { parseTrackers, serializeTrackers } from './lib/tracker-file.ts';
import { storedRunSchema } from './lib/tracker-schemas.ts';
import { page, testRun, testTracker } from './lib/test-runs.ts';
import { trackerMatrix } from './lib/tracker.ts';
import {
  CELLS_PER_RECORD,
  deleteTracker,
  keepLatestMovers,
  lastRuns,
  loadLatestMovers,
  loadNewestRuns,
  loadRuns,
  saveRun,
  saveRuns,
  saveTracker,
} from './tracker-storage.ts';

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

  test('a big run’s cells are stored apart, a few hundred to a record, and read back whole (decision 127)', async () => {
    const cells: TrackerRun['cells'] = {};
    for (let i = 0; i < 450; i++)
      cells[`cell${i}`] =
        i % 7 === 0
          ? { state: 'failed', status: 500, charged: 'no' }
          : {
              state: 'answered',
              at: start,
              results: [{ rank: 1 + (i % 10), link: `https://s${i}.com/` }],
            };
    const big = run(1, { cells });
    await saveRun(run(0));
    await saveRun(big);
    await saveRun(run(2, { trackerId: 'other', cells }));
    const db = createStore('web-data-dashboard-trackers', 'trackers');
    const stored = await entries<IDBValidKey, unknown>(db);
    const mine = stored.filter(([key]) => (key as unknown[])[1] === 'trk');
    // No record holds more than a slice of cells: each is one task to read on the page.
    const cellCounts = mine.map(
      ([, value]) => Object.keys((value as { cells?: object }).cells ?? (value as object)).length,
    );
    expect(Math.max(...cellCounts)).toBeLessThanOrEqual(CELLS_PER_RECORD);
    expect(mine.filter(([key]) => (key as unknown[])[0] === 'cells')).toHaveLength(3);

    const [small, read] = await loadRuns('trk');
    expect(small).toEqual(run(0));
    expect(read).toEqual(big);
    expect(Object.keys(read!.cells)).toEqual(Object.keys(cells));
    expect((await loadNewestRuns('trk')).runs.at(-1)).toEqual(big);

    // A slice gone (storage cut short): that run is left out, as one that does not read.
    await set(['cells', 'trk', big.id, 1], undefined, db);
    expect((await loadRuns('trk')).map((r) => r.id)).toEqual([run(0).id]);

    await deleteTracker('trk');
    const left = (await entries<IDBValidKey, unknown>(db)).map(([key]) => (key as unknown[])[1]);
    expect(new Set(left)).toEqual(new Set(['other']));
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

  describe('the latest movers record (decision 101)', () => {
    const tracker = testTracker(['coffee', 'tea', 'mate']);
    const cells = trackerMatrix(tracker).cells;
    const day = (
      k: number,
      lists: Parameters<typeof testRun>[3],
      init: Partial<TrackerRun> = {},
    ) => ({
      ...testRun(tracker, runId(start + k * DAY), start + k * DAY, lists),
      ...init,
    });
    const lists = (k: number) => [
      page('a.com', 'example.com', `b${k}.com`),
      page(...Array.from({ length: k + 1 }, (_, i) => `x${i}.com`), 'www.example.com'),
      null,
    ];
    const pairIds = async () =>
      (await loadLatestMovers(tracker.id))?.runs.map((r) => r.startedAt - start);

    test('is built once the runs are read whole, then moves with each run stored, in its transaction', async () => {
      await saveTracker(tracker);
      for (let k = 0; k < 3; k++) await saveRun(day(k, lists(k)));
      // Runs of an older version: no record until the view has read them whole.
      expect(await loadLatestMovers(tracker.id)).toBeUndefined();
      await keepLatestMovers(tracker.id, await loadRuns(tracker.id));
      expect(await pairIds()).toEqual([1, 2].map((k) => k * DAY));

      // Its runs give the movers the whole runs give, from the target's result alone.
      const latest = (await loadLatestMovers(tracker.id))!;
      expect(latest.older).toBe(1);
      const [from, to] = (await loadRuns(tracker.id)).slice(-2);
      expect(moversBetween(cells, latest.runs[0]!, latest.runs[1]!, tracker.target, 10)).toEqual(
        moversBetween(cells, from!, to!, tracker.target, 10),
      );
      expect(latest.runs[1]!.cells[cells[0]!.id]).toEqual({
        state: 'answered',
        at: start + 2 * DAY,
        results: [{ rank: 2, link: 'https://example.com/' }],
      });

      // A run going on and a missed one leave it; a suspect run is compared but never a baseline.
      await saveRun(day(3, lists(3), { status: 'running' }));
      await saveRun(missedRun(tracker.id, start + 4 * DAY, 'no-tab'));
      expect(await pairIds()).toEqual([1, 2].map((k) => k * DAY));
      await saveRun(day(5, lists(5), { suspect: 'most cells failed' }));
      expect(await pairIds()).toEqual([2, 5].map((k) => k * DAY));
      await saveRun(day(6, lists(6)));
      expect(await pairIds()).toEqual([2, 6].map((k) => k * DAY));

      // Another target: the record is not used until it is built again for it.
      await saveTracker({ ...tracker, target: 'rival.com' });
      expect(await loadLatestMovers(tracker.id)).toBeUndefined();
    });

    test('is forgotten with its tracker and by Clear key', async () => {
      await saveTracker(tracker);
      await saveRuns([day(0, lists(0)), day(1, lists(1))]);
      expect(await pairIds()).toEqual([0, DAY]);
      await deleteTracker(tracker.id);
      expect(await loadLatestMovers(tracker.id)).toBeUndefined();
      await saveTracker(tracker);
      await saveRuns([day(0, lists(0)), day(1, lists(1))]);
      await clearAllDatabases();
      expect(await loadLatestMovers(tracker.id)).toBeUndefined();
    });

    test('a trackers file imported and exported again is the same file: the record is not in it', async () => {
      const runs = [0, 1, 2].map((k) => day(k, lists(k)));
      const text = serializeTrackers([{ tracker, runs }], new Date(start));
      const parsed = parseTrackers(text);
      if ('errors' in parsed) throw new Error(parsed.errors.join(' '));
      for (const entry of parsed.entries) {
        await saveTracker(entry.tracker);
        await saveRuns(entry.runs);
      }
      // Imported runs get their record in the same write.
      expect(await pairIds()).toEqual([1, 2].map((k) => k * DAY));
      const again = serializeTrackers(
        [{ tracker: parsed.entries[0]!.tracker, runs: await loadRuns(tracker.id) }],
        new Date(start),
      );
      expect(again).toBe(serializeTrackers(parsed.entries, new Date(start)));
    });
  });
});
