// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { trackerMatrix } from '../workspace/trackers/lib/tracker.ts';
import { openDb, type Db } from './db.ts';
import { nextDueOf } from './runner.ts';
import { saveTracker } from './store.ts';
import {
  sandboxTracker,
  startPostgres,
  startSandbox,
  TEST_KEY,
  type TestSandbox,
} from './test-kit.ts';

let sandbox: TestSandbox;
let server: Awaited<ReturnType<typeof startPostgres>>;
let db: Db;

beforeAll(async () => {
  [sandbox, server] = await Promise.all([startSandbox(), startPostgres()]);
  db = await openDb({ databaseUrl: server.url, dataDir: '' });
}, 120_000);
afterAll(async () => {
  await db?.close();
  await server?.stop();
  await sandbox?.close();
});

const ROOT = new URL('../..', import.meta.url).pathname;

/** `npm run runner` (the service) as a process of its own, on the shared server. */
function service(): ChildProcess {
  return spawn(
    process.execPath,
    ['-e', "import('vite').then((v) => v.runnerImport('./src/runner/main.ts'))"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        API_KEY: TEST_KEY,
        API_TARGET: sandbox.url,
        DATABASE_URL: server.url,
        RUNNER_TICK_MS: '100',
      },
      stdio: 'ignore',
    },
  );
}

test('three runner processes on one Postgres server run every slot once', async () => {
  // A slot every two seconds, so the three processes race for each one.
  const tracker = sandboxTracker(['coffee'], 'Shared');
  const stored = {
    tracker,
    settings: {
      cron: '*/2 * * * * *',
      timeZone: 'UTC',
      catchUp: false,
      reserveFloor: null,
      channels: [],
    },
    nextDue: null as number | null,
  };
  const children = [service(), service(), service()];
  const exits = children.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  // Every process is up (connected, migrated, looking for slots) before the first slot is due.
  const connected = async () =>
    (
      await db.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
      )
    )[0]!.n;
  const started = Date.now();
  while ((await connected()) < 3 && Date.now() - started < 120_000)
    await new Promise((r) => setTimeout(r, 250));
  stored.nextDue = nextDueOf(stored, Date.now());
  await saveTracker(db, stored);
  await new Promise((r) => setTimeout(r, 9_000));
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(exits);

  const runs = await db.query<{ slot: number; status: string; owner: string | null }>(
    'select slot, status, owner from runs where tracker_id = $1 order by slot',
    [tracker.id],
  );
  const slots = runs.map((r) => r.slot);
  // Every slot once: run, or recorded as missed when no runner got to it in time (a starved
  // machine), never both and never twice; none skipped between the first and the last.
  expect(new Set(slots).size).toBe(slots.length);
  for (let i = 1; i < slots.length; i++) expect(slots[i]! - slots[i - 1]!).toBe(2_000);
  const ran = runs.filter((r) => r.status !== 'missed');
  expect(ran.length).toBeGreaterThanOrEqual(2);
  expect(ran.every((r) => r.status === 'done')).toBe(true);
  const paid = sandbox.state.calls.filter((c) => c.endpoint === '/search').length;
  expect(paid).toBe(ran.length * trackerMatrix(tracker).cells.length);
  console.log(
    `${ran.length} slots run by ${new Set(ran.map((r) => r.owner)).size} of 3 runners, ${runs.length - ran.length} missed`,
  );
}, 240_000);
