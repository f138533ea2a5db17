// @vitest-environment node
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { trackerMatrix } from '../workspace/trackers/lib/tracker.ts';
import { command } from './cli.ts';
import { readRunnerConfig } from './config.ts';
import { openRunner, resumeOrphans } from './runner.ts';
import { loadRuns } from './store.ts';
import {
  sandboxTracker,
  startSandbox,
  tempDir,
  TEST_KEY,
  trackerFile,
  type TestSandbox,
} from './test-kit.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  // Slow enough answers that the runner is killed with requests in flight.
  sandbox = await startSandbox(150);
});
afterAll(() => sandbox?.close());

const ROOT = new URL('../..', import.meta.url).pathname;

const arrivals = () => sandbox.state.received.filter((r) => r.endpoint === '/search');

test('a runner killed with kill -9 mid-run and started again sends no (query, locale) of that run twice', async () => {
  const dataDir = tempDir('runner-crash');
  const env = {
    API_KEY: TEST_KEY,
    API_TARGET: sandbox.url,
    RUNNER_DATA: dataDir,
    RUNNER_CONCURRENCY: '3',
  };
  const tracker = sandboxTracker(['coffee', 'tea', 'cocoa', 'espresso', 'latte', 'mocha'], 'Crash');
  const cells = trackerMatrix(tracker).cells;
  const setup = await openRunner(readRunnerConfig(env), () => undefined);
  await command(setup, ['add', trackerFile(tempDir('runner-files'), tracker)], () => undefined);
  await setup.close();

  // `npm run runner -- run Crash --yes`, as a process of its own, killed once requests arrive.
  const child = spawn(
    process.execPath,
    [
      '-e',
      "import('vite').then((v) => v.runnerImport('./src/runner/main.ts'))",
      'run',
      'Crash',
      '--yes',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  while (arrivals().length < 4 && Date.now() - started < 90_000)
    await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGKILL');
  await exited;
  const beforeRestart = arrivals().length;
  expect(beforeRestart).toBeGreaterThanOrEqual(4);
  expect(beforeRestart).toBeLessThan(cells.length);

  // Started again: the run goes on where it stopped.
  const runner = await openRunner(readRunnerConfig(env), () => undefined);
  try {
    const [resumed] = await resumeOrphans(runner);
    const pairs = arrivals().map((r) => pairOf(r.params));
    // The sandbox's ledger: no (query, locale) asked twice, across the kill and the restart.
    expect(new Set(pairs).size).toBe(pairs.length);
    const [run] = await loadRuns(runner.db, tracker.id);
    expect(run!.id).toBe(resumed!.id);
    expect(Object.keys(run!.cells).sort()).toEqual(cells.map((c) => c.id).sort());
    for (const cell of cells) {
      const kept = run!.cells[cell.id]!;
      const interrupted = kept.state === 'failed' && kept.charged === 'unknown';
      // Each cell either reached the upstream once, or was recorded as leaving when the
      // runner died (interrupted: shown as maybe charged, never sent again).
      if (!pairs.includes(pairOf(cell.params))) expect(interrupted).toBe(true);
      else expect(kept.state === 'answered' || interrupted).toBe(true);
    }
    // The run log shows what was in flight at the kill as interrupted.
    const log: string[] = [];
    await command(runner, ['runs', 'Crash'], (line) => log.push(line));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/answered, 0 failed, [1-9]\d* interrupted, 0 not checked/);
  } finally {
    await runner.close();
  }
}, 240_000);

const pairOf = (p: Readonly<Record<string, string | undefined>>) =>
  `${p.query}|${p.country}|${p.language}`;
