// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moversBetween } from '../workspace/trackers/lib/movers.ts';
import { parseTrackers } from '../workspace/trackers/lib/tracker-file.ts';
import { trackerMatrix } from '../workspace/trackers/lib/tracker.ts';
import { command } from './cli.ts';
import { readRunnerConfig } from './config.ts';
import { signBody, SIGNATURE_HEADER } from './alerts-out.ts';
import { nextDueOf, openRunner, tick, type Runner } from './runner.ts';
import { findTracker, loadBaseline, loadRuns, saveTracker, type RunnerSettings } from './store.ts';
import {
  filesContaining,
  sandboxTracker,
  startHttpSink,
  startSmtpSink,
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

const searches = () => sandbox.state.calls.filter((c) => c.endpoint === '/search').length;

const SETTINGS: RunnerSettings = {
  cron: null,
  timeZone: 'UTC',
  catchUp: false,
  reserveFloor: null,
  channels: [],
};

/** Stores a tracker with runner settings, its next slot as of `now`. */
async function addTracker(
  name: string,
  queries: string[],
  settings: Partial<RunnerSettings>,
  now = Date.now(),
) {
  const tracker = sandboxTracker(queries, name);
  const stored = {
    tracker,
    settings: { ...SETTINGS, ...settings },
    nextDue: null as number | null,
  };
  stored.nextDue = nextDueOf(stored, now);
  await saveTracker(runner.db, stored);
  return { tracker, cells: trackerMatrix(tracker).cells };
}

describe('the runner’s schedule, driven by a test clock', () => {
  test('each slot runs once, next due moves on before the run, missed slots are recorded, one catch-up by choice', async () => {
    const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute);
    // 06:00 in Berlin is 05:00 UTC in November.
    const { tracker, cells } = await addTracker(
      'Sched',
      ['coffee'],
      { cron: '0 6 * * *', timeZone: 'Europe/Berlin' },
      at(26, 4),
    );
    const paidBefore = searches();
    expect(await tick(runner, at(26, 4, 30))).toBe(false);
    expect(await tick(runner, at(26, 5, 1))).toBe(true);
    // The same slot looked at again (another tick, another runner): not run twice.
    expect(await tick(runner, at(26, 5, 2))).toBe(false);
    expect((await findTracker(runner.db, 'Sched'))!.nextDue).toBe(at(27, 5));
    // Down from the 27th to the 30th, 09:00: four slots missed, none run (no catch-up asked).
    expect(await tick(runner, at(30, 9))).toBe(true);
    expect(await tick(runner, at(30, 9))).toBe(false);
    // Asked for a catch-up, down again until Dec 3, 10:00: one run, for the newest slot.
    const stored = (await findTracker(runner.db, 'Sched'))!;
    await saveTracker(runner.db, { ...stored, settings: { ...stored.settings, catchUp: true } });
    expect(await tick(runner, Date.UTC(2026, 11, 3, 10))).toBe(true);
    expect(await tick(runner, Date.UTC(2026, 11, 3, 10))).toBe(false);

    const runs = await loadRuns(runner.db, tracker.id);
    expect(
      runs.map((r) => [
        new Date(r.slot!).toISOString().slice(0, 13),
        r.status,
        r.missedReason ?? '',
      ]),
    ).toEqual([
      ['2026-11-26T05', 'done', ''],
      ['2026-11-27T05', 'missed', 'runner-down'],
      ['2026-11-28T05', 'missed', 'runner-down'],
      ['2026-11-29T05', 'missed', 'runner-down'],
      ['2026-11-30T05', 'missed', 'runner-down'],
      ['2026-12-01T05', 'missed', 'runner-down'],
      ['2026-12-02T05', 'missed', 'runner-down'],
      ['2026-12-03T05', 'done', ''],
    ]);
    expect(searches() - paidBefore).toBe(2 * cells.length);
  });
});

describe('budgets', () => {
  test('a run that would go below the reserve floor is not started and says so; the cap per run stops a run', async () => {
    const left = () => {
      const a = sandbox.state.accounts.get(TEST_KEY)!;
      return a.requestLimit - a.requestUsed;
    };
    const { cells } = await addTracker('Floor', ['coffee', 'tea'], { reserveFloor: left() - 40 });
    const paidBefore = searches();
    await expect(cli('run', 'Floor', '--yes')).rejects.toThrow(
      `Not started: it would leave ${left() - cells.length * 20} credits, below the reserve floor of ${left() - 40}.`,
    );
    expect(searches()).toBe(paidBefore);

    const capped = sandboxTracker(['coffee', 'tea'], 'Capped');
    await saveTracker(runner.db, {
      tracker: { ...capped, capPerRun: 40 },
      settings: SETTINGS,
      nextDue: null,
    });
    const [, result] = await cli('run', 'Capped', '--yes');
    expect(result).toContain(
      `stopped, 2 of ${trackerMatrix(capped).cells.length} cells answered, 40 credits`,
    );
    expect(searches()).toBe(paidBefore + 2);
  });
});

describe('alerts', () => {
  test('a run’s alerts reach a signed webhook, an ntfy topic and an SMTP mailbox', async () => {
    const [hook, topic, smtp] = await Promise.all([
      startHttpSink(),
      startHttpSink(),
      startSmtpSink(),
    ]);
    try {
      const secret = 'hook-secret-1';
      const { tracker } = await addTracker(
        'Alerting',
        ['coffee', 'green tea', 'espresso machine'],
        {
          channels: [
            { kind: 'webhook', url: `${hook.url}/hook`, secret },
            { kind: 'ntfy', url: `${topic.url}/rank-alerts` },
            { kind: 'email', smtp: smtp.url, from: 'runner@example.com', to: 'seo@example.com' },
          ],
        },
      );
      const stored = (await findTracker(runner.db, 'Alerting'))!;
      await saveTracker(runner.db, {
        ...stored,
        tracker: {
          ...tracker,
          alerts: { moveBy: 1, leavesTop10: true, competitorOvertakes: false },
        },
      });
      await cli('run', 'Alerting', '--yes');
      sandbox.state.driftDays += 3;
      await cli('run', 'Alerting', '--yes');

      expect(hook.got).toHaveLength(1);
      const delivery = hook.got[0]!;
      expect(delivery.headers[SIGNATURE_HEADER]).toBe(signBody(delivery.body, secret));
      const payload = JSON.parse(delivery.body) as {
        tracker: string;
        alerts: { kind: string; text: string }[];
      };
      expect(payload.tracker).toBe('Alerting');
      expect(payload.alerts.length).toBeGreaterThan(0);
      expect(topic.got.map((g) => g.path)).toEqual(['/rank-alerts']);
      expect(topic.got[0]!.body).toContain(payload.alerts[0]!.text);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toContain('To: seo@example.com');
      expect(smtp.mails[0]).toMatch(/Subject: Alerting: \d+ alerts?/);
    } finally {
      await Promise.all([hook.close(), topic.close(), smtp.close()]);
    }
  });
});

describe('the run log', () => {
  test('a run with an unusual share of empty answers is logged as suspect and never becomes the baseline', async () => {
    const { tracker } = await addTracker(
      'Suspect',
      ['coffee', 'green tea', 'espresso machine'],
      {},
    );
    await cli('run', 'Suspect', '--yes');
    // Three of six answers come back empty (and paid): a blocked scrape looks like this.
    sandbox.state.addFault({
      endpoint: 'search',
      kind: 'status',
      status: 200,
      body: '{"organic_results":[]}',
      contentType: 'application/json',
      times: 3,
    });
    const [, second] = await cli('run', 'Suspect', '--yes');
    expect(second).toContain(
      'SUSPECT: 50% of the cells asked came back empty or failed (the baseline had 0%)',
    );
    await cli('run', 'Suspect', '--yes');
    const [first, suspect, third] = await loadRuns(runner.db, tracker.id);
    expect(suspect!.suspect).toBeDefined();
    expect((await loadBaseline(runner.db, tracker.id, third!.startedAt))?.id).toBe(first!.id);
    expect(
      (
        await runner.db.query<{ kind: string }>('select kind from alerts where run_id = $1', [
          suspect!.id,
        ])
      ).map((a) => a.kind),
    ).toEqual(['run-suspect']);
  });
});

describe('set NAME', () => {
  test('changes the schedule, caps, floor and alert rule it is given, keeps the rest, and refuses bad input whole', async () => {
    await addTracker('Settable', ['mocha'], { cron: '0 6 * * *', reserveFloor: 100 });
    const [line] = await cli(
      'set',
      'Settable',
      '--cron',
      '30 7 * * 1',
      '--tz',
      'Europe/Berlin',
      '--cap-run',
      '40',
      '--move-by',
      '5',
      '--top3',
      'on',
      '--enters-top10',
      'on',
      '--leaves-top10',
      'off',
    );
    expect(line).toMatch(
      /^Set Settable: 30 7 \* \* 1 \(Europe\/Berlin\), next .+, cap per run 40, monthly cap none, reserve 100, no alert channels$/,
    );
    const stored = (await findTracker(runner.db, 'Settable'))!;
    expect(stored.settings).toMatchObject({
      cron: '30 7 * * 1',
      timeZone: 'Europe/Berlin',
      reserveFloor: 100,
    });
    expect(stored.tracker.capPerRun).toBe(40);
    expect(stored.tracker.alerts).toMatchObject({
      moveBy: 5,
      top3: true,
      entersTop10: true,
      leavesTop10: false,
    });
    await expect(cli('set', 'Settable', '--cap-run', '9', '--enters-top10', 'yes')).rejects.toThrow(
      '--enters-top10 is on or off, got "yes".',
    );
    expect((await findTracker(runner.db, 'Settable'))!.tracker.capPerRun).toBe(40);
    expect(new Date(stored.nextDue!).getUTCDay()).toBe(1);
    await expect(cli('set', 'Settable', '--cap-run', '0', '--reserve', 'none')).rejects.toThrow(
      '--cap-run must be a whole number of at least 1, or none; got "0".',
    );
    expect((await findTracker(runner.db, 'Settable'))!.settings.reserveFloor).toBe(100);
    await cli('set', 'Settable', '--reserve', 'none', '--cron', 'off');
    expect((await findTracker(runner.db, 'Settable'))!.settings).toMatchObject({
      cron: null,
      reserveFloor: null,
    });
  });
});

describe('budget alerts', () => {
  test('a schedule whose runs until the plan renews need more credits than are left raises a budget alert, once while its forecast holds', async () => {
    // Every ten minutes for the sandbox plan's 30 days: 4,320 runs of 2 cells at 20 credits.
    await addTracker('Budget', ['coffee'], { cron: '*/10 * * * *' });
    await cli('run', 'Budget', '--yes');
    const [alert] = await runner.db.query<{ kind: string; text: string }>(
      "select kind, text from alerts where tracker_id = 't-Budget' and kind = 'budget'",
    );
    expect(alert?.text).toMatch(
      /^The budget will not last: 43\d\d runs of Budget until the plan renews \(.+\) need up to \d+ credits; \d+ are left\.$/,
    );
    // The next run spends what the forecast counted on: the forecast holds, nothing repeats.
    await cli('run', 'Budget', '--yes');
    const budgetAlerts = await runner.db.query(
      "select id from alerts where tracker_id = 't-Budget' and kind = 'budget'",
    );
    expect(budgetAlerts).toHaveLength(1);
  });
});

describe('the dashboard’s door (/runner/)', () => {
  test('with the runner token, a tracker file moves in and every tracker comes back as the file the Trackers view imports', async () => {
    const { serveApi, RUNNER_TOKEN_HEADER } = await import('./http-api.ts');
    const { serializeTrackers } = await import('../workspace/trackers/lib/tracker-file.ts');
    const server = await serveApi(runner, 'door-token', 0);
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/runner/trackers`;
    try {
      expect((await fetch(base)).status).toBe(401);
      expect(
        (await fetch(base, { headers: { [RUNNER_TOKEN_HEADER]: 'wrong-token' } })).status,
      ).toBe(401);
      const moved = sandboxTracker(['flat white'], 'Moved in');
      const post = await fetch(base, {
        method: 'POST',
        headers: { [RUNNER_TOKEN_HEADER]: 'door-token', 'content-type': 'application/json' },
        body: serializeTrackers([{ tracker: moved, runs: [] }]),
      });
      expect(post.status).toBe(201);
      expect(await post.json()).toEqual({ added: ['Moved in'] });
      const listed = parseTrackers(
        await (await fetch(base, { headers: { [RUNNER_TOKEN_HEADER]: 'door-token' } })).text(),
      );
      if (!('entries' in listed)) throw new Error(listed.errors.join(' '));
      const names = listed.entries.map((e) => e.tracker.name);
      expect(names).toContain('Moved in');
      expect(names).toContain('Coffee watch');
      expect(listed.entries.find((e) => e.tracker.name === 'Coffee watch')!.runs).toHaveLength(2);
    } finally {
      server.close();
    }
  });
});
