// A probe, not a budget: blocking time after Run in the two Lighthouse flows, measured the
// way Lighthouse's timespan measures it (4x CPU, its throttled network, its trace categories,
// which record a JS stack on every timeline event), N runs with the median, and each run's long
// tasks. Runs are noisy (±50 % between runs on this machine): compare medians of 5 or more.
//
//   node test/bench/flow-trace.mjs            realty, 5 runs, against dist/ (npm run build first)
//   FLOW=search RUNS=7 node test/bench/flow-trace.mjs
//   WAIT=0 node test/bench/flow-trace.mjs     Run pressed as soon as the key is set (default: 1 s later)
//   OUT=/tmp/other-dist SAVE=/tmp/trace node test/bench/flow-trace.mjs   (writes /tmp/trace-<flow>-<i>.json)
//
// A saved trace opens in Chrome's Performance panel; PROF=1 adds CPU samples (which slow every
// task down, so read them for where time goes, not for how much).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  enterDemoKey,
  launchChromium,
  offlineContext,
  resetSandbox,
  root,
  startServer,
} from './serve.mjs';

const FLOWS = {
  realty: {
    path: `/realty?url=${encodeURIComponent('https://www.realty.example/homes/phoenix-az_rb/5_p/')}`,
    run: /^Fetch listings/,
    done: '.leaflet-container[data-clusters]',
  },
  search: {
    path: '/search?query=coffee%20roasters',
    run: /^Search ·/,
    done: 'ol[aria-label="Organic results"] li',
  },
};
// Lighthouse 13's trace categories (core/gather/gatherers/trace.js) and mobile throttling.
const CATEGORIES = [
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.screenshot',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'latencyInfo',
];
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: Math.floor((1474.56 * 1024) / 8),
  uploadThroughput: Math.floor((675 * 1024) / 8),
};

const name = process.env.FLOW ?? 'realty';
const flow = FLOWS[name];
if (!flow) throw new Error(`FLOW must be one of ${Object.keys(FLOWS).join(', ')}`);
const runs = Number(process.env.RUNS ?? 5);
const categories = process.env.PROF
  ? [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler']
  : CATEGORIES;

/** Blocking time (Lighthouse's: each main-thread task's time over 50 ms) and the long tasks. */
function blocking(events) {
  const calls = new Map();
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(e.tid, (calls.get(e.tid) ?? 0) + 1);
  const main = [...calls].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === main && e.dur > 50_000,
  );
  const start = tasks[0]?.ts ?? 0;
  return {
    ms: Math.round(tasks.reduce((sum, t) => sum + t.dur / 1000 - 50, 0)),
    tasks: tasks.map((t) => `+${Math.round((t.ts - start) / 1000)}:${Math.round(t.dur / 1000)}`),
  };
}

const server = await startServer({ outDir: process.env.OUT ?? join(root, 'dist') });
const browser = await launchChromium();
try {
  const results = [];
  for (let i = 0; i < runs; i++) {
    await resetSandbox(server.origin);
    const context = await offlineContext(browser, server.origin, {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(server.origin + flow.path);
    await page.locator('#root:not([inert]) main').waitFor();
    await enterDemoKey(page);
    // The view loads what it needs when idle after its first paint (decision 025). Lighthouse's
    // flows press Run at once after the key (WAIT=0 measures that: idle work then falls inside).
    await page.waitForTimeout(Number(process.env.WAIT ?? 1000));
    const box = await page.getByRole('button', { name: flow.run }).boundingBox();
    if (!box) throw new Error(`${name}: no Run button`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await browser.startTracing(page, { categories });
    // A click through the input pipeline, as Lighthouse's puppeteer does: no injected script.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator(flow.done).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const trace = await browser.stopTracing();
    if (process.env.SAVE) writeFileSync(`${process.env.SAVE}-${name}-${i}.json`, trace);
    const result = blocking(JSON.parse(trace.toString()).traceEvents);
    results.push(result.ms);
    console.log(`run ${i}: blocking ${result.ms} ms; long tasks ${result.tasks.join(' ')}`);
    await context.close();
  }
  const sorted = [...results].sort((a, b) => a - b);
  console.log(
    `${name}: median blocking time ${sorted[Math.floor(sorted.length / 2)]} ms (${sorted.join(', ')})`,
  );
} finally {
  await browser.close();
  await server.stop();
}
