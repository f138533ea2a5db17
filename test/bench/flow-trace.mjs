// A probe, not a budget: blocking time in one of the Lighthouse part's flows
// (views-with-results.mjs: the same preparation, the same act, the same "done"), traced the
// way Lighthouse's timespan traces it (its trace categories, which record a JS stack on every
// timeline event; its throttled network; the CPU slowdown calibrated for this machine, as the
// bench applies it: calibrate.mjs), N runs with the median, and each run's long tasks with what
// fills them (script, style, layout, paint; how many elements each style recalculation touched).
// Runs are noisy (±50 % between runs on a shared machine): compare medians of 5 or more, and
// the blocking time by CPU time (each task's time on a core), which a loaded machine stretches less.
//
//   node test/bench/flow-trace.mjs            realty, 5 runs, against dist/ (npm run build first)
//   FLOW=demos RUNS=3 node test/bench/flow-trace.mjs    (FLOW: a word of the flow's name)
//   FLOW=10,000 …                             an interaction part's flow (realty's colour change)
//   WAIT=0 node test/bench/flow-trace.mjs     the act starts as soon as prepared (default: 1 s later)
//   BENCH_CPU_MULTIPLIER=4 …                  a fixed slowdown instead of the calibrated one
//   OUT=/tmp/other-dist SAVE=/tmp/trace node test/bench/flow-trace.mjs   (writes /tmp/trace-<flow>-<i>.json)
//
// A saved trace opens in Chrome's Performance panel; PROF=1 adds CPU samples (which slow every
// task down, so read them for where time goes, not for how much).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { calibrateIn } from './calibrate.mjs';
import { interactions } from './interaction-bench.mjs';
import { launchLighthouseChromium } from './lighthouse-bench.mjs';
import { resetSandbox, root, startServer } from './serve.mjs';
import { largeRealtyPage, pressRun, viewsWithResults } from './views-with-results.mjs';

// Lighthouse 13's trace categories (core/gather/gatherers/trace.js) and mobile network.
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
  download: Math.floor((1474.56 * 1024) / 8),
  upload: Math.floor((675 * 1024) / 8),
};

const name = process.env.FLOW ?? 'realty';
const runs = Number(process.env.RUNS ?? 5);
const categories = process.env.PROF
  ? [...CATEGORIES, 'disabled-by-default-v8.cpu_profiler']
  : CATEGORIES;

/** What fills a task: its style, layout and paint events (the rest is script and other). */
const KINDS = {
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'CompositeLayers'],
};

function fill(task, events) {
  const end = task.ts + task.dur;
  const inside = events.filter(
    (e) => e.tid === task.tid && e.ph === 'X' && e.ts >= task.ts && e.ts + e.dur <= end,
  );
  const out = [];
  let known = 0;
  for (const [kind, names] of Object.entries(KINDS)) {
    const hits = inside.filter((e) => names.includes(e.name));
    const ms = hits.reduce((s, e) => s + e.dur / 1000, 0);
    known += ms;
    if (ms < 3) continue;
    const elements = hits.reduce((s, e) => s + (e.args?.elementCount ?? 0), 0);
    out.push(`${kind} ${Math.round(ms)}${kind === 'style' ? ` (${elements} elements)` : ''}`);
  }
  return [`script/other ${Math.round(task.dur / 1000 - known)}`, ...out].join(', ');
}

/**
 * With PROF=1: the functions that took a task's time themselves (CPU samples inside it), e.g.
 * "buildPivot (view-shared.js) 41". Read them in an unminified build (`--minify false`).
 */
function hotFunctions(task, events, count = 4) {
  // The main thread's profile: its chunks carry the profile's id, each sample a time step on.
  const profile = events.find((e) => e.name === 'Profile' && e.tid === task.tid);
  const nodes = new Map();
  const self = new Map();
  let t = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profile || e.id !== profile.id) continue;
    const { cpuProfile, timeDeltas = [] } = e.args.data;
    for (const n of cpuProfile?.nodes ?? []) nodes.set(n.id, n.callFrame);
    (cpuProfile?.samples ?? []).forEach((id, i) => {
      t += timeDeltas[i] ?? 0;
      const step = timeDeltas[i + 1] ?? 0;
      if (t < task.ts || t > task.ts + task.dur) return;
      const f = nodes.get(id);
      const name = `${f?.functionName || '(anonymous)'} (${f?.url?.split('/').pop() || 'native'})`;
      self.set(name, (self.get(name) ?? 0) + step / 1000);
    });
  }
  return [...self]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
}

/**
 * Blocking time (Lighthouse's: each main-thread task's time over 50 ms) and the long tasks,
 * also by CPU time: the task's time on a core (the thread clock, throttling included), which
 * the other work on a loaded machine does not stretch.
 */
function blocking(events) {
  const calls = new Map();
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(e.tid, (calls.get(e.tid) ?? 0) + 1);
  const main = [...calls].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === main && e.dur > 50_000,
  );
  const start = tasks[0]?.ts ?? 0;
  const cpu = (t) => (t.tdur ?? t.dur) / 1000;
  const line = (t) =>
    `+${Math.round((t.ts - start) / 1000)} ms ${Math.round(t.dur / 1000)} ms (cpu ${Math.round(cpu(t))}): ${fill(t, events)}`;
  const biggest = [...tasks].sort((a, b) => cpu(b) - cpu(a)).slice(0, 3);
  return {
    ms: Math.round(tasks.reduce((sum, t) => sum + t.dur / 1000 - 50, 0)),
    cpuMs: Math.round(tasks.reduce((sum, t) => sum + Math.max(0, cpu(t) - 50), 0)),
    tasks: tasks.map(line),
    biggest: biggest.map((t) => {
      const hot = process.env.PROF ? hotFunctions(t, events) : '';
      return `${line(t)}${hot ? `\n      hot: ${hot}` : ''}`;
    }),
  };
}

const server = await startServer({ outDir: process.env.OUT ?? join(root, 'dist') });
const browser = await launchLighthouseChromium();
try {
  const realty = /realty|colour/.test(name)
    ? await largeRealtyPage(server.origin)
    : { url: '', count: 0 };
  // The Lighthouse part's flows, then the interaction part's (FLOW='10,000': the colour change).
  const flows = [...viewsWithResults(realty), ...interactions(realty)];
  const flow = flows.find((f) => f.view.includes(name));
  if (!flow) throw new Error(`FLOW must be a word of one of: ${flows.map((f) => f.view)}`);
  console.log(`flow: ${flow.view}`);
  const results = [];
  const cpuResults = [];
  for (let i = 0; i < runs; i++) {
    await resetSandbox(server.origin);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await page.goto(server.origin + flow.path);
    await page.waitForSelector('#root:not([inert]) main');
    if (flow.key !== false) {
      await page.locator('::-p-aria(Set API key[role="button"])').click();
      await page.locator('::-p-aria(Use the sandbox demo key[role="button"])').click();
      await page.waitForSelector('[data-testid="credits-pill"]');
    }
    await flow.prepare?.(page, server.origin);
    // The view loads what it needs when idle after its first paint (decision 025). Lighthouse's
    // flows act at once after preparing (WAIT=0 measures that: idle work then falls inside).
    await new Promise((r) => setTimeout(r, Number(process.env.WAIT ?? 1000)));
    const cpu = await calibrateIn(page, 3, { warm: true });
    await page.emulateCPUThrottling(cpu.multiplier);
    await page.emulateNetworkConditions(NETWORK);
    await page.tracing.start({ categories });
    // The sampler starts a moment after the trace: the act's first task would have no samples.
    if (process.env.PROF) await new Promise((r) => setTimeout(r, 500));
    await (flow.act ?? pressRun)(page);
    await flow.done(page);
    await new Promise((r) => setTimeout(r, 1000));
    const trace = await page.tracing.stop();
    if (process.env.SAVE) writeFileSync(`${process.env.SAVE}-${name}-${i}.json`, trace);
    const result = blocking(JSON.parse(Buffer.from(trace).toString()).traceEvents, cpu.multiplier);
    results.push(result.ms);
    cpuResults.push(result.cpuMs);
    console.log(
      `run ${i} (index ${cpu.index} → ${cpu.multiplier}×): blocking ${result.ms} ms, by CPU time ${result.cpuMs} ms; long tasks:\n  ${result.tasks.join('\n  ')}\n  three biggest by CPU time:\n    ${result.biggest.join('\n    ')}`,
    );
    await context.close();
  }
  const sorted = [...results].sort((a, b) => a - b);
  const cpuSorted = [...cpuResults].sort((a, b) => a - b);
  console.log(
    `${name}: median blocking time ${sorted[Math.floor(sorted.length / 2)]} ms (${sorted.join(', ')}); by CPU time ${cpuSorted[Math.floor(cpuSorted.length / 2)]} ms (${cpuSorted.join(', ')}); load ${loadavg()[0].toFixed(1)}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
