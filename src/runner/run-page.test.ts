import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { positionHistory } from '../workspace/trackers/lib/history.ts';
import { runForMovers } from '../workspace/trackers/lib/latest-movers.ts';
import { moversBetween } from '../workspace/trackers/lib/movers.ts';
import { baselineRun, type TrackerRun } from '../workspace/trackers/lib/run.ts';
import { trackerMatrix } from '../workspace/trackers/lib/tracker.ts';
import { page, testRun, testTracker } from '../workspace/trackers/lib/test-runs.ts';
import { readRunnerConfig } from './config.ts';
import { MAX_CELL_PAGE, MAX_RUN_PAGE } from '../workspace/trackers/lib/runner-pages.ts';
import { RUNNER_TOKEN_HEADER, serveApi } from './http-api.ts';
import { importTracker, openRunner, type Runner } from './runner.ts';
import { DEFAULT_SETTINGS, loadRunPage, saveRunRow, type RunPage } from './store.ts';
import { preparedDataDir, TEST_KEY } from './test-kit.ts';

const tracker = testTracker(['coffee', 'tea']);
const answered = (id: string, day: number) =>
  testRun(tracker, id, day * 1000, [page('example.com'), page('rival.com', 'example.com')]);

// Oldest first: two good runs, a missed slot, a good one, a suspect one (answered, but not to
// be trusted), one stopped with nothing answered, the newest good one, and one still running.
const RUNS: TrackerRun[] = [
  answered('r1', 1),
  answered('r2', 2),
  { ...answered('r3', 3), status: 'missed', missedReason: 'runner-down', cells: {}, credits: 0 },
  answered('r4', 4),
  { ...answered('r5', 5), suspect: 'half of its cells came back empty' },
  { ...testRun(tracker, 'r6', 6000, [null, null]), status: 'stopped' },
  answered('r7', 7),
  { ...answered('r8', 8), status: 'running', finishedAt: null },
];

let runner: Runner;
let server: Server;
let origin = '';

beforeAll(async () => {
  runner = await openRunner(
    readRunnerConfig({ API_KEY: TEST_KEY, RUNNER_DATA: await preparedDataDir('run-page') }),
    () => undefined,
  );
  await importTracker(runner, { tracker, runs: RUNS }, DEFAULT_SETTINGS);
  server = await serveApi(runner, 'page-token', 0);
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  await runner?.close();
});

const ids = (p: RunPage | null) => p!.runs.map((r) => r.id);

describe('a runner tracker’s runs, a page at a time (decision 091)', () => {
  test('the first page is the newest runs, oldest first, reaching back to the movers’ baseline past a suspect and an empty run', async () => {
    const first = await loadRunPage(runner.db, tracker.id, 2);
    // r7 and r6 asked for; r6 (nothing answered) and r5 (suspect) cannot be a baseline: r4 is.
    expect(ids(first)).toEqual(['r4', 'r5', 'r6', 'r7']);
    expect(first!.older).toBe(3);
    expect(first!.cursor).not.toBeNull();
    // The page alone gives the movers' pair, and the suspect run is never its baseline.
    expect(baselineRun(first!.runs.slice(0, -1))?.id).toBe('r4');
    expect(first!.runs.find((r) => r.id === 'r5')!.suspect).toBeDefined();
    // The running run is not shown until it ends.
    expect(ids(first)).not.toContain('r8');
  });

  test('the cursor continues without a gap or a repeat down to the first run', async () => {
    const seen: string[][] = [];
    let next = await loadRunPage(runner.db, tracker.id, 2);
    seen.unshift(ids(next));
    while (next!.cursor !== null) {
      next = await loadRunPage(runner.db, tracker.id, 2, next!.cursor);
      expect(next!.runs.length).toBeLessThanOrEqual(2);
      seen.unshift(ids(next));
    }
    expect(seen.flat()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    expect(next!.older).toBe(0);
    expect(await loadRunPage(runner.db, tracker.id, 2, 'not-a-cursor')).toBeNull();
  });

  test('a keyword’s chart reads that keyword’s cell of each run, not the runs whole (decision 096)', async () => {
    const [coffee, tea] = trackerMatrix(tracker).cells;
    const get = (query: string) =>
      fetch(`${origin}/runner/runs?tracker=${tracker.id}&${query}`, {
        headers: { [RUNNER_TOKEN_HEADER]: 'page-token' },
      });
    const res = await get(`cell=${encodeURIComponent(tea!.id)}&limit=366`);
    expect(res.status).toBe(200);
    const history = (await res.json()) as RunPage;
    // Every ended run, oldest first, no baseline reach-back needed; each holds tea's cell only.
    expect(ids(history)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    for (const run of history.runs) expect(Object.keys(run.cells)).not.toContain(coffee!.id);
    expect(history.runs.find((r) => r.id === 'r7')!.cells[tea!.id]).toEqual(
      RUNS.find((r) => r.id === 'r7')!.cells[tea!.id],
    );
    // Its ranks are those of the full runs: the chart draws the same line from less.
    const line = (runs: readonly TrackerRun[]) =>
      positionHistory(runs, tea!.id, 'example.com').points.map((p) => [
        p.run.id,
        p.kind,
        p.kind === 'ranked' ? p.rank : null,
      ]);
    expect(line(history.runs)).toEqual(line(RUNS));
    // Paged like the runs: the cursor goes on from the page's oldest run.
    const newest = (await (
      await get(`cell=${encodeURIComponent(tea!.id)}&limit=3`)
    ).json()) as RunPage;
    expect(ids(newest)).toEqual(['r5', 'r6', 'r7']);
    expect(newest.older).toBe(4);
    // A whole-run page stays at most MAX_RUN_PAGE; a cell nobody tracks is refused.
    expect((await get(`limit=${MAX_RUN_PAGE + 1}`)).status).toBe(400);
    expect(
      (await get(`cell=${encodeURIComponent(tea!.id)}&limit=${MAX_CELL_PAGE + 1}`)).status,
    ).toBe(400);
    const unknown = await get('cell=nope&limit=5');
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('No such keyword and locale in this tracker.');
  });

  test('the first page cut for the movers holds the same runs, cell states and movers in each run’s target rank alone (decision 107)', async () => {
    const get = (query: string) =>
      fetch(`${origin}/runner/runs?tracker=${tracker.id}&${query}`, {
        headers: { [RUNNER_TOKEN_HEADER]: 'page-token' },
      });
    const whole = (await (await get('limit=2')).json()) as RunPage;
    const cut = (await (await get('limit=2&cut=movers')).json()) as RunPage;
    expect(ids(cut)).toEqual(ids(whole));
    expect(cut.older).toBe(whole.older);
    expect(cut.cursor).toBe(whole.cursor);
    expect(cut.runs).toEqual(whole.runs.map((r) => runForMovers(r, tracker.target)));
    // Each answered cell keeps one result (the target's best), so the page is smaller...
    const r7 = cut.runs.find((r) => r.id === 'r7')!;
    for (const cell of Object.values(r7.cells))
      if (cell.state === 'answered') expect(cell.results).toHaveLength(1);
    expect(JSON.stringify(cut).length).toBeLessThan(JSON.stringify(whole).length);
    // ...and the movers between the pair are the same.
    const cells = trackerMatrix(tracker).cells;
    const run = (p: RunPage, id: string) => p.runs.find((r) => r.id === id)!;
    const moves = (p: RunPage) =>
      moversBetween(cells, run(p, 'r4'), run(p, 'r7'), tracker.target, 10);
    expect(moves(cut)).toEqual(moves(whole));
    expect(moves(cut).some((m) => m.move !== 'not-checked')).toBe(true);
    // Only whole runs are cut: a keyword's history (its chart) is not.
    expect((await get('limit=2&cut=movers&cell=x')).status).toBe(400);
    expect((await get('limit=2&cut=ranks')).status).toBe(400);
  });

  test('the door answers a page with the token, and refuses a limit out of range', async () => {
    const get = (query: string, token = 'page-token') =>
      fetch(`${origin}/runner/runs?${query}`, { headers: { [RUNNER_TOKEN_HEADER]: token } });
    expect((await get(`tracker=${tracker.id}&limit=2`, 'wrong')).status).toBe(401);
    const res = await get(`tracker=${tracker.id}&limit=2`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as RunPage;
    expect(body.runs.map((r) => r.id)).toEqual(['r4', 'r5', 'r6', 'r7']);
    const older = (await (
      await get(`tracker=${tracker.id}&limit=3&cursor=${encodeURIComponent(body.cursor!)}`)
    ).json()) as RunPage;
    expect(older.runs.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(older.cursor).toBeNull();
    expect((await get(`tracker=${tracker.id}&limit=0`)).status).toBe(400);
    expect((await get(`tracker=nope&limit=2`)).status).toBe(400);
    const last = (await (
      await fetch(`${origin}/runner/last-runs`, {
        headers: { [RUNNER_TOKEN_HEADER]: 'page-token' },
      })
    ).json()) as Record<string, { startedAt: number }>;
    expect(last[tracker.id]!.startedAt).toBe(7000);
  });
});

describe('the first page cut for the movers is stored and follows the runs (decision 122)', () => {
  const cutAndWhole = async () => {
    const get = (query: string) =>
      fetch(`${origin}/runner/runs?tracker=${tracker.id}&${query}`, {
        headers: { [RUNNER_TOKEN_HEADER]: 'page-token' },
      }).then((res) => res.json() as Promise<RunPage>);
    return { cut: await get('limit=2&cut=movers'), whole: await get('limit=2') };
  };
  const expectSameRuns = ({ cut, whole }: { cut: RunPage; whole: RunPage }) => {
    expect(cut.runs).toEqual(whole.runs.map((r) => runForMovers(r, tracker.target)));
    expect(cut.older).toBe(whole.older);
    expect(cut.cursor).toBe(whole.cursor);
  };

  test('a run that ends, then is marked suspect, shows in the next first page as in the whole one', async () => {
    const before = await cutAndWhole();
    expectSameRuns(before);
    expect(ids(before.cut)).toEqual(['r4', 'r5', 'r6', 'r7']);
    // Asked again with nothing changed: the same answer (from the stored page).
    expect((await cutAndWhole()).cut).toEqual(before.cut);

    // The running run ends: the first page now starts from it.
    const r8 = { ...RUNS.at(-1)!, status: 'done' as const, finishedAt: 8500 };
    await saveRunRow(runner.db, r8);
    const ended = await cutAndWhole();
    expectSameRuns(ended);
    expect(ids(ended.cut)).toEqual(['r7', 'r8']);

    // Marked suspect afterwards: it is no baseline, and the page says so.
    await saveRunRow(runner.db, { ...r8, suspect: 'half of its cells came back empty' });
    const suspect = await cutAndWhole();
    expectSameRuns(suspect);
    expect(suspect.cut.runs.at(-1)!.suspect).toBe('half of its cells came back empty');
  });
});
