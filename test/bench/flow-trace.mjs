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
//   INVALIDATIONS=1 SAVE=/tmp/trace …          adds why each style and layout happened to the saved
//                                             trace (the change and the element; decision 130)
//
// A saved trace opens in Chrome's Performance panel; PROF=1 adds CPU samples (which slow every
// task down, so read them for where time goes, not for how much).
import { writeFileSync } from 'node:fs';
import { blocking, CATEGORIES } from './trace-tasks.mjs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { keptCalibration } from './calibrate.mjs';
import { interactions } from './interaction-bench.mjs';
import { launchLighthouseChromium } from './lighthouse-bench.mjs';
import { priorityLine, raiseBenchPriority } from './priority.mjs';
import { shieldLine, shieldRenderers } from './renderer-shield.mjs';
import { resetSandbox, root, startServer } from './serve.mjs';
import { largeRealtyPage, pressRun, viewsWithResults } from './views-with-results.mjs';

// Lighthouse's mobile network.
const NETWORK = {
  offline: false,
  latency: 562.5,
  download: Math.floor((1474.56 * 1024) / 8),
  upload: Math.floor((675 * 1024) / 8),
};

const name = process.env.FLOW ?? 'realty';
const runs = Number(process.env.RUNS ?? 5);
const categories = [
  ...CATEGORIES,
  ...(process.env.PROF ? ['disabled-by-default-v8.cpu_profiler'] : []),
  // Why each style recalculation and layout happened (which change invalidated what).
  ...(process.env.INVALIDATIONS
    ? ['disabled-by-default-devtools.timeline.invalidationTracking']
    : []),
];

console.log(priorityLine(raiseBenchPriority()).trim()); // as the bench runs (decision 104)
const server = await startServer({ outDir: process.env.OUT ?? join(root, 'dist') });
const browser = await launchLighthouseChromium();
// The page's main thread ahead of the machine, as in the bench (decision 105).
const shield = shieldRenderers(browser);
// One blank page for every run's calibration, opened before any flow's page (decision 124).
const calibration = keptCalibration(browser, shield);
console.log(shieldLine(shield.status, { redo: false }).trim());
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
    const cpu = await calibration(3);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    shield.now();
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
    await page.emulateCPUThrottling(cpu.multiplier);
    await page.emulateNetworkConditions(NETWORK);
    await page.tracing.start({ categories });
    const waited = shield.measure();
    // The sampler starts a moment after the trace: the act's first task would have no samples.
    if (process.env.PROF) await new Promise((r) => setTimeout(r, 500));
    await (flow.act ?? pressRun)(page);
    await flow.done(page);
    await new Promise((r) => setTimeout(r, 1000));
    const { waitShare } = waited();
    const trace = await page.tracing.stop();
    if (process.env.SAVE) writeFileSync(`${process.env.SAVE}-${name}-${i}.json`, trace);
    const result = blocking(JSON.parse(Buffer.from(trace).toString()).traceEvents, cpu.multiplier);
    results.push(result.ms);
    cpuResults.push(result.cpuMs);
    console.log(
      `run ${i} (index ${cpu.index}, rendering ${cpu.renderMs} ms → ${cpu.multiplier}×, main thread waited ${(waitShare * 100).toFixed(1)} % for a CPU): blocking ${result.ms} ms, by CPU time ${result.cpuMs} ms; long tasks:\n  ${result.tasks.join('\n  ')}\n  three biggest by CPU time:\n    ${result.biggest.join('\n    ')}`,
    );
    await context.close();
  }
  const sorted = [...results].sort((a, b) => a - b);
  const cpuSorted = [...cpuResults].sort((a, b) => a - b);
  console.log(
    `${name}: median blocking time ${sorted[Math.floor(sorted.length / 2)]} ms (${sorted.join(', ')}); by CPU time ${cpuSorted[Math.floor(cpuSorted.length / 2)]} ms (${cpuSorted.join(', ')}); load ${loadavg()[0].toFixed(1)}`,
  );
} finally {
  shield.stop();
  await browser.close();
  await server.stop();
}
