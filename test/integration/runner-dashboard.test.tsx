import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { META_URL } from '../../src/api/meta-queries.ts';
import { command } from '../../src/runner/cli.ts';
import { readRunnerConfig } from '../../src/runner/config.ts';
import { serveApi } from '../../src/runner/http-api.ts';
import { openRunner, type Runner } from '../../src/runner/runner.ts';
import { findTracker } from '../../src/runner/store.ts';
import {
  sandboxTracker,
  startSandbox,
  preparedDataDir,
  TEST_KEY,
  trackerFile,
  type TestSandbox,
} from '../../src/runner/test-kit.ts';
import { clearAllDatabases } from '../../src/session/browser-databases.ts';
import { serializeTrackers } from '../../src/workspace/trackers/lib/tracker-file.ts';
import {
  disconnectRunner,
  readRunnerAhead,
  runnerRuns,
} from '../../src/workspace/trackers/runner-connection.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';

const WAIT = { timeout: 20_000 };
const TOKEN = 'runner-door-token-41';

let runnerSandbox: TestSandbox;
let runner: Runner;
let api: Server;
/** Every request the page sent to /runner/, as the runner got it (headers and body). */
const sent: { path: string; headers: string; body: string }[] = [];
/** When each /runner/ request left and when its answer came, in order. */
const events: string[] = [];
/** The page's reads of a tracker's runs, in order, by what each asked for. */
const runReads = () =>
  sent
    .filter((s) => s.path.startsWith('/runner/runs?'))
    .map((s) => new URL(s.path, 'http://runner').searchParams)
    .map((q) =>
      q.has('cell')
        ? 'a keyword'
        : q.get('cut') === 'movers'
          ? 'newest, cut'
          : q.has('cursor')
            ? 'older'
            : 'newest, whole',
    );

// A real runner: its database (PGlite in a temp folder), two runs paid in its own sandbox, and
// its dashboard door on loopback. The page's /runner/ goes there, as the dev proxy sends it.
beforeAll(async () => {
  runnerSandbox = await startSandbox();
  const dir = await preparedDataDir('runner-dash');
  runner = await openRunner(
    readRunnerConfig({ API_KEY: TEST_KEY, API_TARGET: runnerSandbox.url, RUNNER_DATA: dir }),
    () => undefined,
  );
  await command(runner, ['add', trackerFile(dir, sandboxTracker(['espresso', 'latte']))], () => {});
  await command(runner, ['run', 'Coffee watch', '--yes'], () => {});
  for (let day = 0; day < 2; day++) {
    runnerSandbox.state.driftDays += 1;
    await command(runner, ['run', 'Coffee watch', '--yes'], () => {});
  }
  api = await serveApi(runner, TOKEN, 0);
  const address = api.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const toSandbox = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // The dev server's meta, as it answers with RUNNER_URL set (src/server/vite-plugin.ts).
    if (url === META_URL)
      return Response.json({ ...(await (await toSandbox(input, init)).json()), runner: true });
    if (!url.startsWith('/runner/')) return toSandbox(input, init);
    sent.push({
      path: url,
      headers: JSON.stringify(init?.headers ?? {}),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    events.push(`asked ${url}`);
    const { signal: _jsdomSignal, ...rest } = init ?? {};
    const res = await toSandbox(`${origin}${url}`, rest);
    events.push(`answered ${url}`);
    return res;
  });
  await clearAllDatabases();
}, 180_000);

afterAll(async () => {
  api?.close();
  await runner?.close();
  await runnerSandbox?.close();
});

describe('the Trackers view and a runner', () => {
  test('a reload on a runner’s tracker asks for its newest runs beside the list, not after it (its first rows wait on one round trip)', async () => {
    window.sessionStorage.setItem('web-data-dashboard.runner-token', TOKEN);
    const { user } = renderApp('/trackers?runner=t-Coffeewatch');
    const runs = await screen.findByRole('table', { name: /Every run of this tracker/ }, WAIT);
    expect(within(runs).getAllByRole('row')).toHaveLength(4);
    const asked = events.findIndex((e) => e.startsWith('asked /runner/runs?'));
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(asked).toBeLessThan(events.indexOf('answered /runner/trackers?runs=none'));
    // One read of the page, cut to what the first screen shows (decision 107); the list's
    // answer does not ask for it again. The whole runs follow once it is painted.
    expect(runReads()[0]).toBe('newest, cut');
    await waitFor(() => expect(runReads()).toEqual(['newest, cut', 'newest, whole']), WAIT);
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(window.sessionStorage.getItem('web-data-dashboard.runner-token')).toBeNull();
    sent.length = 0;
  }, 60_000);

  test('a page opened on a runner’s tracker reads its first screen while the view’s code is still evaluating, and the section does not read it again', async () => {
    window.sessionStorage.setItem('web-data-dashboard.runner-token', TOKEN);
    // What the view's module does when the page's own address is the tracker (trackers-page.tsx).
    void readRunnerAhead('t-Coffeewatch');
    // The runs are asked first: the runner's database answers in the order asked, and the
    // runs page is the longest answer the first rows wait for (decision 120).
    expect(sent.map((s) => s.path.replace(/\?.*/, ''))).toEqual([
      '/runner/runs',
      '/runner/trackers',
      '/runner/last-runs',
      '/runner/alerts',
      '/runner/schedules',
    ]);
    await waitFor(() => expect(runnerRuns.get()).toMatchObject({ loading: false }), WAIT);
    expect(runReads()).toEqual(['newest, cut']);
    renderApp('/trackers?runner=t-Coffeewatch');
    const runs = await screen.findByRole('table', { name: /Every run of this tracker/ }, WAIT);
    expect(within(runs).getAllByRole('row')).toHaveLength(4);
    await waitFor(() => expect(runReads()).toEqual(['newest, cut', 'newest, whole']), WAIT);
    expect(sent.filter((s) => s.path.startsWith('/runner/trackers'))).toHaveLength(1);
    disconnectRunner();
    sent.length = 0;
  }, 60_000);

  test('a refused token says so; the right one shows the runner’s trackers, runs and movers with the local components; a local tracker moves there without the key; a runner that stops answering says so', async () => {
    const { user } = renderApp('/trackers');
    const tokenField = await screen.findByLabelText('Runner token', undefined, WAIT);

    await user.click(screen.getByRole('button', { name: 'Connect to the runner' }));
    expect(await screen.findByText(/Enter the runner’s token/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(tokenField, 'not-the-token');
    await user.click(screen.getByRole('button', { name: 'Connect to the runner' }));
    expect(
      await screen.findByText(/The runner refused this token/, undefined, WAIT),
    ).toBeInTheDocument();
    // Held like the API key: sessionStorage, nowhere else.
    expect(window.sessionStorage.getItem('web-data-dashboard.runner-token')).toBe('not-the-token');
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));

    await user.type(screen.getByLabelText('Runner token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Connect to the runner' }));
    const list = await screen.findByRole('table', { name: 'On the runner' }, WAIT);
    expect(screen.getByText('Connected to the runner: 1 tracker.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Coffee watch' }));
    expect(await screen.findByRole('heading', { name: 'Coffee watch' }, WAIT)).toBeInTheDocument();
    // Its newest page: the two runs the movers compare, and the older one left on the runner
    // until asked for (decision 091); the runs table below the movers, a moment after them (126).
    const runs = await screen.findByRole('table', { name: /Every run of this tracker/ }, WAIT);
    expect(within(runs).getAllByRole('row')).toHaveLength(4);
    expect(within(runs).getByText(/1 earlier run not read yet/)).toBeInTheDocument();
    await waitFor(() => expect(runReads()).toEqual(['newest, cut', 'newest, whole']), WAIT);
    // Movers between its two newest runs (four cells: two keywords × two locales), as for a
    // local tracker.
    const movers = screen.getByRole('table', { name: /^Movers: the target’s rank/ });
    expect(within(movers).getAllByRole('row')).toHaveLength(5);
    // A keyword's chart reads that keyword's cell of every run (decision 096), not the runs
    // whole: three points while the runs table still holds two runs.
    await user.click(within(movers).getAllByRole('button', { name: 'espresso' })[0]!);
    expect(
      await screen.findByText('The chart shows every run of this keyword (3).', undefined, WAIT),
    ).toBeInTheDocument();
    expect(runReads()).toEqual(['newest, cut', 'newest, whole', 'a keyword']);
    const ranks = screen.getByRole('table', {
      name: 'The target’s rank and ranking URL in each run',
      hidden: true,
    });
    expect(within(ranks).getAllByRole('row', { hidden: true })).toHaveLength(4);
    await user.click(within(runs).getByRole('button', { name: 'Load older runs' }));
    await waitFor(
      () => expect(within(runs).queryByRole('button', { name: /older runs/ })).toBeNull(),
      WAIT,
    );
    expect(within(runs).getAllByRole('row')).toHaveLength(4);
    expect(within(runs).getAllByText('done')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Run now/ })).not.toBeInTheDocument();
    // The files come after the movers (decision 106): a runner's tracker has them, without Delete.
    expect(await screen.findByRole('button', { name: 'Tracker file' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete tracker' })).not.toBeInTheDocument();

    // A tracker of this browser moves to the runner: the file, never the key.
    const local = { ...sandboxTracker(['mocha'], 'Local one'), cadence: 'daily' as const };
    await user.upload(
      screen.getByLabelText('Import trackers'),
      new File([serializeTrackers([{ tracker: local, runs: [] }])], 'local.json'),
    );
    expect(await screen.findByRole('heading', { name: 'Local one' }, WAIT)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Move to the runner' }, WAIT));
    expect(
      await screen.findByText(/Moved to the runner with its runs/, undefined, WAIT),
    ).toBeInTheDocument();
    // Its detail says where and when it runs now, with no reload: the move read the runner again.
    const stored = (await findTracker(runner.db, 'Local one'))!;
    expect(stored.tracker.cadence).toBe('daily');
    expect(stored.nextDue).not.toBeNull();
    expect(screen.getByTestId('runner-schedule')).toHaveTextContent(
      /^Scheduled on the runner \(the tracker’s own cadence\): next run \w{3} \d+, \d{4}, \d+:\d{2}/,
    );
    await waitFor(
      () => expect(screen.getByText('Connected to the runner: 2 trackers.')).toBeInTheDocument(),
      WAIT,
    );
    expect(sent.some((s) => s.body.includes('Local one'))).toBe(true);
    for (const s of sent) expect(s.headers + s.body).not.toContain(DEMO_KEY);

    api.close();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText(/The runner cannot be reached/, undefined, WAIT),
    ).toBeInTheDocument();
  }, 120_000);
});
