// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moversBetween } from '../workspace/trackers/lib/movers.ts';
import { parseTrackers } from '../workspace/trackers/lib/tracker-file.ts';
import { trackerMatrix } from '../workspace/trackers/lib/tracker.ts';
import { command } from './cli.ts';
import { readRunnerConfig } from './config.ts';
import { openRunner, type Runner } from './runner.ts';
import {
  filesContaining,
  sandboxTracker,
  startSandbox,
  tempDir,
  TEST_KEY,
  trackerFile,
  type TestSandbox,
} from './test-kit.ts';

let sandbox: TestSandbox;
let runner: Runner;
let dataDir: string;
const logs: string[] = [];

// One embedded database for the file: PGlite's first start takes seconds on a busy machine.
beforeAll(async () => {
  sandbox = await startSandbox();
  dataDir = tempDir('runner-data');
  const config = readRunnerConfig({
    API_KEY: TEST_KEY,
    API_TARGET: sandbox.url,
    RUNNER_DATA: dataDir,
  });
  runner = await openRunner(config, (line) => logs.push(line));
}, 120_000);

afterAll(async () => {
  await runner?.close();
  await sandbox?.close();
});

async function cli(...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  await command(runner, argv, (line) => out.push(line));
  logs.push(...out);
  return out;
}

describe('the runner against the sandbox', () => {
  test('add, then run twice across a day of rank drift: paid exactly twice per cell, both runs logged and exported, movers as drifted', async () => {
    const tracker = sandboxTracker(['coffee', 'green tea', 'espresso machine']);
    const cells = trackerMatrix(tracker).cells;
    expect(await cli('add', trackerFile(tempDir('runner-files'), tracker))).toEqual([
      `Added ${tracker.name} (0 runs), not scheduled`,
    ]);
    const [plan] = await cli('run', tracker.name, '--yes');
    expect(plan).toContain(
      `${cells.length} cells at 20 credits, up to ${cells.length * 20} credits`,
    );
    sandbox.state.driftDays += 1;
    await cli('run', tracker.name, '--yes');

    const paid = sandbox.state.calls.filter((c) => c.endpoint === '/search');
    expect(paid).toHaveLength(2 * cells.length);
    expect(paid.every((c) => c.status === 200 && c.credits === 20)).toBe(true);
    expect(sandbox.state.accounts.get(TEST_KEY)!.requestUsed).toBe(2 * cells.length * 20);

    const log = await cli('runs', tracker.name);
    expect(log).toHaveLength(2);
    for (const line of log)
      expect(line).toContain(
        `done\t${cells.length} answered, 0 failed, 0 interrupted, 0 not checked\t${cells.length * 20} credits`,
      );

    const exported = parseTrackers((await cli('export', tracker.name)).join('\n'));
    if (!('entries' in exported)) throw new Error(exported.errors.join(' '));
    const [first, second] = exported.entries[0]!.runs;
    expect(exported.entries[0]!.runs).toHaveLength(2);
    // The movers the dashboard would show are the sandbox's own drift from day 0 to day 1.
    const { organicResults } = await import('../sandbox/data/search.ts');
    const { hostOf } = await import('../lib/links.ts');
    const rankOn = (day: number, params: Record<string, string>) => {
      const found = organicResults(
        { query: params.query!, country: params.country, language: params.language },
        day,
      ).find((r) => hostOf(r.link) === tracker.target);
      return found ? found.rank : null;
    };
    const movers = moversBetween(cells, first!, second!, tracker.target, tracker.topN);
    expect(movers.map((m) => [m.before, m.after])).toEqual(
      cells.map((c) => [rankOn(0, c.params), rankOn(1, c.params)]),
    );
    expect(movers.some((m) => m.before !== m.after)).toBe(true);
  });

  test('the key is in no file of the data folder and no line the runner printed', async () => {
    await runner.db.query('checkpoint');
    expect(filesContaining(dataDir, TEST_KEY)).toEqual([]);
    expect(logs.join('\n')).not.toContain(TEST_KEY);
    expect(logs.length).toBeGreaterThan(3);
  });
});
