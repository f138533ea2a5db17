import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { serveApi } from './http-api.ts';
import { trackerFromBatch } from '../workspace/trackers/lib/tracker.ts';
import { createSandbox } from '../sandbox/app.ts';
import { DEMO_KEY } from '../sandbox/state.ts';
import { readRunnerConfig } from './config.ts';
import { createUpstream } from './upstream.ts';
import { planRun } from './run-tracker.ts';
import { openRunner, startRunNow } from './runner.ts';
import { saveTracker } from './store.ts';
import { tempDir } from './test-kit.ts';

/**
 * The runner's bench (issue 38): KEYWORDS × 1 locale, one run a simulated day for DAYS days
 * (the sandbox's day moves on between runs, so ranks drift as over real days), against the
 * embedded sandbox at LATENCY ms a request and its concurrency of 5. Prints each run's wall time
 * beside the ideal queue time (cells × latency / concurrency), the process's peak memory and the
 * data folder's size, then one `BENCH_SUMMARY {json}` line. With BENCH_DOOR_PORT and
 * BENCH_DOOR_TOKEN it then serves its door there (the Trackers view reads the runs) until
 * SIGTERM. `npm run bench -- --only runner90` runs it (test/bench/runner90-bench.mjs):
 *   BENCH_KEYWORDS=1000 BENCH_DAYS=90 BENCH_LATENCY=250 node -e "import('vite').then((v) => v.runnerImport('./src/runner/bench.ts'))"
 */
const keywords = Number(process.env.BENCH_KEYWORDS ?? 1000);
const days = Number(process.env.BENCH_DAYS ?? 90);
const latency = Number(process.env.BENCH_LATENCY ?? 250);
const dataDir = tempDir('runner-bench');
const config = readRunnerConfig({ RUNNER_DATA: dataDir, SANDBOX_LATENCY_MS: String(latency) });
// The sandbox's demo plan (100,000 credits) pays for five such runs: the bench's has no end.
const { app, state } = createSandbox({ latencyMs: latency });
state.accounts.get(DEMO_KEY)!.requestLimit = Number.MAX_SAFE_INTEGER;
const upstream = createUpstream(
  config.api,
  DEMO_KEY,
  async (url, init) => app.fetch(new Request(url, init)),
  'the embedded sandbox',
);
let t = performance.now();
const runner = await openRunner(config, () => undefined, upstream);
console.log(`open (fresh): ${Math.round(performance.now() - t)} ms`);
const tracker = trackerFromBatch(
  {
    endpoint: 'search',
    rows: Array.from({ length: keywords }, (_, i) => ({ query: `keyword ${i}`, params: {} })),
    locales: [{ country: 'us', language: 'en' }],
    cap: null,
    target: 'wikipedia.org',
    competitors: [],
  },
  { id: 'bench', name: 'Bench', now: Date.now() },
);
await saveTracker(runner.db, {
  tracker,
  settings: { cron: null, timeZone: 'UTC', catchUp: false, reserveFloor: null, channels: [] },
  nextDue: null,
});
// BENCH_DOOR_EARLY: the door answers from the first day on, so the Trackers view can be
// measured over the runs made so far while the long history is still being written.
const doorPort = Number(process.env.BENCH_DOOR_PORT ?? 0);
const doorToken = process.env.BENCH_DOOR_TOKEN;
const early =
  doorPort && doorToken && process.env.BENCH_DOOR_EARLY
    ? await serveApi(runner, doorToken, doorPort)
    : null;
const ideal = (keywords * latency) / config.concurrency;
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
const walls: number[] = [];
let dataMb = 0;
for (let day = 0; day < days; day++) {
  if (day > 0) state.driftDays += 1;
  const stored = {
    tracker,
    settings: { cron: null, timeZone: 'UTC', catchUp: false, reserveFloor: null, channels: [] },
    nextDue: null,
  };
  const plan = await planRun(runner.db, runner.upstream, stored, Date.now());
  t = performance.now();
  const run = await startRunNow(runner, stored, plan);
  const wall = performance.now() - t;
  walls.push(wall);
  dataMb = Number(execFileSync('du', ['-sm', dataDir]).toString().split('\t')[0]);
  console.log(
    `day ${day + 1}: ${run.status}, wall ${(wall / 1000).toFixed(1)} s vs ideal ${(ideal / 1000).toFixed(1)} s, peak rss ${Math.round(peak / 1e6)} MB, data ${dataMb} MB`,
  );
}
clearInterval(sample);
const sorted = [...walls].sort((a, b) => a - b);
console.log(
  `BENCH_SUMMARY ${JSON.stringify({
    keywords,
    days,
    latencyMs: latency,
    concurrency: config.concurrency,
    idealMs: ideal,
    wallMs: {
      first: Math.round(walls[0] ?? 0),
      median: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      last: Math.round(walls.at(-1) ?? 0),
      max: Math.round(sorted.at(-1) ?? 0),
    },
    peakRssMb: Math.round(peak / 1e6),
    dataMb,
    creditsUsed: state.accounts.get(DEMO_KEY)!.requestUsed,
  })}`,
);
if (doorPort && doorToken) {
  const door = early ?? (await serveApi(runner, doorToken, doorPort));
  console.log(`door on 127.0.0.1:${doorPort}`);
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  door.close();
}
await runner.close();
rmSync(dataDir, { recursive: true, force: true });
