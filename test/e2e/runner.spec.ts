import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { preparedDataDir, sandboxTracker } from '../../src/runner/test-kit.ts';
import { serializeTrackers } from '../../src/workspace/trackers/lib/tracker-file.ts';
import { collectConsoleErrors } from './helpers.ts';

// The runner connection as a user sets it up (issue 38, decisions 079, 089): `npm run runner`
// with RUNNER_TOKEN on an embedded PGlite in a temp RUNNER_DATA, and a `vite preview` of the
// build with RUNNER_URL pointing at its door. The runner's upstream is that preview's own
// sandbox, whose ledger judges what was paid. The config's own preview has no RUNNER_URL.
const PORT = Number(process.env.E2E_PORT ?? 4174);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist';
const APP_PORT = PORT + 14;
const RUNNER_PORT = PORT + 15;
const APP = `http://127.0.0.1:${APP_PORT}`;
const TOKEN = 'e2e-runner-door-token';
const KEY = 'demo-key';

test.describe.configure({ mode: 'serial' });

const children: ChildProcess[] = [];
let dataDir = '';

/** Resolves once the child prints `pattern`; fails if it exits first or stays silent 90 s. */
function started(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`no ${String(pattern)} in 90 s:\n${out}`)),
      90_000,
    );
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(new Error(`exited with ${code}:\n${out}`)));
  });
}

/** Resolves once `url` answers 200 (Vite colours its own "Local:" line, so it is not read). */
async function answers(child: ChildProcess, url: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
        return (await fetch(url).catch(() => null))?.status;
      },
      { timeout: 30_000 },
    )
    .toBe(200);
}

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env } });
  children.push(child);
  return child;
}

/** Ends a child we started (SIGTERM: the runner closes its database), SIGKILL if it hangs. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

const searchesPaid = async (request: APIRequestContext) => {
  const ledger = (await (await request.get(`${APP}/api/_sandbox`)).json()) as {
    calls: { endpoint: string; status: number }[];
  };
  return ledger.calls.filter((c) => c.endpoint === '/search' && c.status === 200).length;
};

test.beforeAll(async ({ request }) => {
  // PGlite's cold open of an empty folder (its initdb: ~18 s quiet, 30 s+ loaded) is paid once
  // per machine: the runner opens a copy of a migrated data folder made then (~2 s).
  test.setTimeout(120_000);
  dataDir = await preparedDataDir('runner-e2e');
  const app = start(
    'node_modules/.bin/vite',
    ['preview', '--outDir', OUT_DIR, '--port', String(APP_PORT), '--strictPort'],
    { API_TARGET: '', SANDBOX_LATENCY_MS: '20', RUNNER_URL: `http://127.0.0.1:${RUNNER_PORT}` },
  );
  const runner = start(
    process.execPath,
    ['-e', "import('vite').then((v) => v.runnerImport('./src/runner/main.ts'))"],
    {
      API_KEY: KEY,
      API_TARGET: `${APP}/api`,
      RUNNER_DATA: dataDir,
      RUNNER_TOKEN: TOKEN,
      RUNNER_PORT: String(RUNNER_PORT),
      RUNNER_TICK_MS: '250',
    },
  );
  await Promise.all([answers(app, `${APP}/trackers`), started(runner, /dashboard door on/)]);
  // A tracker on the runner with a daily cadence and no run yet: due now, so the service runs
  // it on its next look, unattended.
  const coffee = { ...sandboxTracker(['espresso', 'latte']), cadence: 'daily' as const };
  const moved = await request.post(`http://127.0.0.1:${RUNNER_PORT}/runner/trackers`, {
    headers: { 'x-runner-token': TOKEN, 'content-type': 'application/json' },
    data: serializeTrackers([{ tracker: coffee, runs: [] }]),
  });
  expect(moved.status()).toBe(201);
  // Two keywords × two locales, each paid once.
  await expect.poll(() => searchesPaid(request), { timeout: 30_000 }).toBe(4);
});

test.afterAll(async () => {
  await Promise.all(children.map(stop));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('without RUNNER_URL the Runner section says how to set one up; with it, the token shows the runner’s trackers and runs, and a local tracker moves there with its schedule shown at once', async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/trackers');
  const none = page.getByRole('region', { name: 'Runner' });
  await expect(none).toContainText('No runner is set up.');
  await expect(none.getByLabel('Runner token')).toHaveCount(0);

  await page.goto(`${APP}/trackers`);
  const section = page.getByRole('region', { name: 'Runner' });
  await section.getByLabel('Runner token').fill(TOKEN);
  await section.getByRole('button', { name: 'Connect to the runner' }).click();
  await expect(section.getByText('Connected to the runner: 1 tracker.')).toBeVisible();
  await section
    .getByRole('table', { name: 'On the runner' })
    .getByRole('button', { name: 'Coffee watch' })
    .click();
  await expect(page.getByRole('heading', { name: 'Coffee watch', level: 2 })).toBeVisible();
  const runs = page.getByRole('table', { name: /Every run of this tracker/ });
  await expect(runs.getByRole('row', { name: /done/ })).toHaveCount(1);
  await expect(page.getByTestId('runner-schedule')).toContainText(/next run/);

  // Reopened on its address (a reload): its runs show again, each first read asked once (the
  // page's head asks them before the app's code is in: decision 122), with the token alone.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/runner/')) asked.push(`${r.url()} ${JSON.stringify(r.headers())}`);
  });
  await page.reload();
  await expect(runs.getByRole('row', { name: /done/ })).toHaveCount(1);
  await expect(section.getByText('Connected to the runner: 1 tracker.')).toBeVisible();
  expect(asked.filter((r) => r.includes('cut=movers'))).toHaveLength(1);
  expect(asked.filter((r) => r.includes('/runner/trackers?runs=none'))).toHaveLength(1);
  for (const r of asked) {
    expect(r).toContain(TOKEN);
    expect(r).not.toContain(KEY);
  }

  // A tracker of this browser (imported from a file) moves to the runner: never the key.
  const local = { ...sandboxTracker(['mocha'], 'Local one'), cadence: 'weekly' as const };
  await page.getByLabel('Import trackers').setInputFiles({
    name: 'local.trackers.json',
    mimeType: 'application/json',
    buffer: Buffer.from(serializeTrackers([{ tracker: local, runs: [] }])),
  });
  await expect(page.getByRole('heading', { name: 'Local one', level: 2 })).toBeVisible();
  const moves = page.waitForRequest(
    (r) => r.url().endsWith('/runner/trackers') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Move to the runner' }).click();
  const sent = await moves;
  expect(JSON.stringify(sent.headers()) + (sent.postData() ?? '')).not.toContain(KEY);
  await expect(page.getByText(/Moved to the runner with its runs/)).toBeVisible();
  // At once, with no reload: where and when it runs now.
  await expect(page.getByTestId('runner-schedule')).toHaveText(
    /^Scheduled on the runner \(the tracker’s own cadence\): next run /,
  );
  await expect(section.getByText('Connected to the runner: 2 trackers.')).toBeVisible();
  // Due at once on the runner (a cadence, no run yet): it runs it unattended, each cell once.
  await expect.poll(() => searchesPaid(request), { timeout: 20_000 }).toBe(6);
  expect(errors).toEqual([]);
});
