// `npm run bench`: every claim about speed and size in the README is a number printed
// here. Each part measures against a baseline taken in the same run (the machine is
// shared and noisy: an absolute time alone proves little) and lists the budgets it breaks.
// Once every part has run, stdout gets the report: every budget's verdict first, each part's
// verdict and seconds, then the parts' tables (stderr has a line per part as it ends); the run
// writes test-results/bench.json, bench.txt and docs/benchmarks.md and exits 1 when any budget
// is broken. `--only bundle,map` runs some parts (then
// docs/benchmarks.md is left alone); `--ci` applies CI's limits where a part has them
// (`npm run bench:bundle` is the CI size check: `--only bundle --ci`).
// A full run saves itself as docs/bench-runs/quiet.json and writes docs/benchmarks.md from both
// saved runs: `--loaded` runs the same parts with another process loading one core meanwhile
// (a Node busy loop, started before the bench's CPU group so outside it, killed at the end,
// on exit and on a signal, and ending by itself when the bench is gone) and saves
// docs/bench-runs/loaded.json, the page's second section ("With one core loaded"); the page
// opens with the verdicts the two runs agree and differ on (issue 41, point 1).
// `BENCH_DOCS=/tmp/page` saves the run and writes the page under that directory instead of
// docs/, even with `--only` (to try the page on a short run).
// `LH_FLOWS=batch,webhook` limits the Lighthouse part to the flows with results whose name
// holds one of these words (comma-separated) and skips its empty-view rows;
// `BENCH_VIEWS=…` limits the Lighthouse and interaction rows by name in the same way.
// Adding a part: one module in test/bench/ and one entry in PARTS.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchReport, benchBatch } from './batch-bench.mjs';
import { benchBundle, bundleReport } from './bundle-bench.mjs';
import { benchInteractions, interactionReport } from './interaction-bench.mjs';
import {
  benchLighthouse,
  calibrationLine,
  lighthouseReport,
  viewRoutes,
} from './lighthouse-bench.mjs';
import { calibrateStandalone } from './calibrate.mjs';
import { benchLarge, largeReport } from './large-bench.mjs';
import { benchMap } from './map-bench.mjs';
import { benchProxy, proxyReport } from './proxy-bench.mjs';
import { benchRenders, rendersReport } from './renders-bench.mjs';
import { benchScreenshot, screenshotReport } from './screenshot-bench.mjs';
import { benchShorts, shortsReport } from './shorts-bench.mjs';
import { benchSessions, sessionsReport } from './session-bench.mjs';
import { benchTrackers, trackersReport } from './trackers-bench.mjs';
import { benchRunner90, runner90Report } from './runner90-bench.mjs';
import { priorityLine, raiseBenchPriority } from './priority.mjs';
import { root, startServer } from './serve.mjs';
import {
  benchRows,
  budgetVerdict,
  comparisonLine,
  markdownReport,
  partRows,
  partVerdict,
} from './markdown-report.mjs';

const MAP_RATIO_BUDGET = 0.05;
const MAP_LONGEST_TASK_BUDGET_MS = 100;

function mapReport(m) {
  return [
    '\n3. Realty map, 10,000 listings: data handed to the map → markers painted (median of 3)',
    `  this view (supercluster + canvas)   ${m.viewMs.toFixed(1).padStart(8)} ms`,
    `  one react-leaflet <Marker> each     ${m.domMarkersMs.toFixed(1).padStart(8)} ms`,
    `  ratio  ${m.ratio.toFixed(3)}; budget ≤ ${MAP_RATIO_BUDGET} → ${m.ratio <= MAP_RATIO_BUDGET ? 'met' : 'MISSED'}`,
    `  longest task during a scripted pan and zoom: ${m.panZoomLongestTaskMs} ms; budget ≤ ${MAP_LONGEST_TASK_BUDGET_MS} ms → ${m.panZoomLongestTaskMs <= MAP_LONGEST_TASK_BUDGET_MS ? 'met' : 'MISSED'}`,
    `  (normalising the 10,000 listings first: ${m.normalizeMs.toFixed(1)} ms, on neither clock)`,
  ].join('\n');
}

const clip = (text, width) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/** Every budget row, one line each: verdict, what, budget, then the value (widths vary most). */
function budgetLines(results) {
  const rows = benchRows(results)
    .map(([what, value, , budget, cell]) => ({
      what,
      value,
      budget,
      verdict: budgetVerdict(cell)?.replace('missed', 'MISSED'),
    }))
    .filter((row) => row.verdict);
  const whatWidth = Math.min(64, Math.max(0, ...rows.map((row) => row.what.length)));
  const budgetWidth = Math.max(0, ...rows.map((row) => row.budget.length));
  return rows.map(
    (row) =>
      `  ${row.verdict.padEnd(7)}${clip(row.what, whatWidth).padEnd(whatWidth)}  ${row.budget.padEnd(budgetWidth)}  ${row.value}`,
  );
}

/** Each part's verdict and wall time, one line each. */
const partLines = (results) =>
  partRows(results, seconds).map(
    ([name, verdict, s]) => `  ${name.padEnd(14)}${verdict.padEnd(16)}${String(s).padStart(5)} s`,
  );

/**
 * The bench's printed report (stdout, and test-results/bench.txt) with what a reader wants
 * first: every budget's verdict, then each part's verdict and time, then the parts' tables.
 */
function verdictFirst(results, brokenList, partReports) {
  return [
    'Verdicts (every budget: verdict, what, budget, measured)',
    ...budgetLines(results),
    '',
    'Parts (verdict, wall time)',
    ...partLines(results),
    `  whole run${String(wallSeconds()).padStart(26)} s`,
    '',
    loadLine(load),
    brokenList.length === 0
      ? `${ci ? 'Every CI limit holds.' : 'Every budget holds.'}`
      : `${brokenList.length} budget(s) broken:\n${brokenList.map((b) => `  - ${b}`).join('\n')}`,
    results.calibration ? `\n${calibrationLine(results.calibration).trim()}` : '',
    priorityLine(priority).trim(),
    ...partReports,
  ].join('\n');
}

/** The machine's load over the run, and what loaded it besides the bench (`--loaded`). */
const loadLine = (l) =>
  `Load average over 1 minute: ${l.start} at the start, ${l.end || '–'} at the end, on ${l.cores} cores${l.loader ? `; one core loaded by ${l.loader} (outside the bench's CPU group)` : ''}.`;

/** Each part: run(ctx) → its numbers with `broken` (budgets missed), and how to print them. */
const PARTS = [
  {
    name: 'bundle',
    run: ({ appDir }) => benchBundle({ outDir: appDir }),
    report: bundleReport,
  },
  {
    name: 'renders',
    run: () => benchRenders(),
    report: rendersReport,
  },
  {
    name: 'lighthouse',
    run: ({ origin, appDir, cpu }) => benchLighthouse({ origin, routes: viewRoutes(appDir), cpu }),
    report: lighthouseReport,
    needs: 'server',
    throttled: true,
  },
  {
    name: 'interactions',
    // The Lighthouse part's rows: a flow measured there is not measured again.
    run: ({ origin, cpu }) => benchInteractions({ origin, cpu, lighthouse: results.lighthouse }),
    report: interactionReport,
    needs: 'server',
    throttled: true,
  },
  {
    name: 'map',
    run: async () => {
      const m = await benchMap();
      const broken = [];
      if (m.ratio > MAP_RATIO_BUDGET)
        broken.push(`map render ratio ${m.ratio} (budget ≤ ${MAP_RATIO_BUDGET})`);
      if (m.panZoomLongestTaskMs > MAP_LONGEST_TASK_BUDGET_MS)
        broken.push(
          `map pan/zoom longest task ${m.panZoomLongestTaskMs} ms (budget ≤ ${MAP_LONGEST_TASK_BUDGET_MS} ms)`,
        );
      return {
        ...m,
        budgets: { ratio: MAP_RATIO_BUDGET, longestTaskMs: MAP_LONGEST_TASK_BUDGET_MS },
        broken,
      };
    },
    report: mapReport,
  },
  {
    name: 'sessions',
    run: ({ origin }) => benchSessions({ origin }),
    report: sessionsReport,
    needs: 'server',
  },
  {
    name: 'large',
    run: ({ origin }) => benchLarge({ origin }),
    report: largeReport,
    needs: 'server',
  },
  {
    name: 'proxy',
    run: ({ appDir }) => benchProxy({ outDir: appDir }),
    report: proxyReport,
    needs: 'app',
  },
  {
    name: 'shorts',
    run: ({ origin }) => benchShorts({ origin }),
    report: shortsReport,
    needs: 'server',
  },
  {
    name: 'screenshot',
    run: ({ origin }) => benchScreenshot({ origin }),
    report: screenshotReport,
    needs: 'server',
  },
  {
    name: 'batch',
    run: ({ origin }) => benchBatch({ origin }),
    report: batchReport,
    needs: 'server',
  },
  {
    name: 'trackers',
    run: ({ origin }) => benchTrackers({ origin }),
    report: trackersReport,
    needs: 'server',
  },
  {
    // Minutes to hours (90 runs of 1,000 requests): only when asked, `--only runner90`.
    name: 'runner90',
    run: ({ appDir }) => benchRunner90({ appDir }),
    report: runner90Report,
    needs: 'app',
    onlyWhenAsked: true,
  },
];

const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=')
      ? onlyArg.split('=')[1]
      : process.argv[process.argv.indexOf(onlyArg) + 1]
    )
      .split(',')
      .map((s) => s.trim())
  : null;
const ci = process.argv.includes('--ci');
const parts = only
  ? PARTS.filter((p) => only.includes(p.name))
  : PARTS.filter((p) => !p.onlyWhenAsked);
if (only && parts.length !== only.length)
  throw new Error(
    `unknown part in --only ${only.join(',')}; parts: ${PARTS.map((p) => p.name).join(', ')}`,
  );

// `--loaded`: another process on one core for the whole run, started before the bench moves into
// its CPU group (a child born after would be in the group, weighted as the bench). It checks
// every ~0.1 s that the bench is alive, so a bench killed outright does not leave it spinning.
const LOADER = 'a Node busy loop that ends with the bench';
const loaded = process.argv.includes('--loaded');
const loader = loaded
  ? spawn(
      process.execPath,
      [
        '-e',
        'const p=+process.argv[1];for(let n=1;;n++)if(n%3e7===0)try{process.kill(p,0)}catch{process.exit()}',
        String(process.pid),
      ],
      { stdio: 'ignore' },
    )
  : null;
const stopLoader = () => {
  if (loader && loader.exitCode === null && loader.signalCode === null) loader.kill('SIGKILL');
};
if (loader) {
  process.on('exit', stopLoader);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.once(signal, () => {
      stopLoader();
      process.kill(process.pid, signal);
    });
  console.error(`One core loaded: ${LOADER} (pid ${loader.pid})`);
}

// Before any browser or server starts, so that all of them inherit it (decision 104).
const priority = raiseBenchPriority();
console.error(priorityLine(priority).trim());
const runStarted = Date.now();
const wallSeconds = () => Math.round((Date.now() - runStarted) / 1000);

const work = mkdtempSync(join(tmpdir(), 'bench-'));
const appDir = join(work, 'app');
const results = {};
const broken = [];
// Other work on the machine moves every timing: the report says how loaded it was.
const load = {
  start: loadavg()[0].toFixed(1),
  end: '',
  cores: availableParallelism(),
  weight: priority.raised ? priority.factor : 1,
  ...(loader ? { loader: LOADER } : {}),
};
console.error(`load average over 1 minute at the start: ${load.start} on ${load.cores} cores`);
// Each part's report and wall time: test-results/bench.txt puts the verdicts first, then these.
const reports = [];
const seconds = {};
let appBuilt = false;
let server = null;
// The CPU slowdown every Lighthouse part applies, measured once before the first of them.
let cpu = null;

/**
 * A part's verdict and time on stderr as it ends (the report, verdicts first, is printed once
 * every part has run: stdout starts with it); a failed part's message too.
 */
function progress(name) {
  const r = results[name];
  console.error(
    `${name}: ${partVerdict(r)}, ${seconds[name]} s${r.failed ? ` (${r.failed})` : ''}`,
  );
}

/** The commit measured (with "+ changes" when the tree differs from it), or null outside git. */
function commitMeasured() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + changes' : ''}`;
  } catch {
    return null;
  }
}

/**
 * Saves this run beside the page (bench-runs/quiet.json or loaded.json) and writes the page
 * from both saved runs (the other one as its last run left it).
 */
function writePage(dir, run) {
  mkdirSync(join(dir, 'bench-runs'), { recursive: true });
  const saved = (name) => join(dir, 'bench-runs', `${name}.json`);
  writeFileSync(saved(run.loaded ? 'loaded' : 'quiet'), `${JSON.stringify(run, null, 2)}\n`);
  const read = (name) =>
    existsSync(saved(name)) ? JSON.parse(readFileSync(saved(name), 'utf8')) : undefined;
  const runs = { quiet: read('quiet'), loaded: read('loaded') };
  writeFileSync(join(dir, 'benchmarks.md'), markdownReport(runs));
  return runs;
}

/** The app built once per run into appDir (the bundle part builds it while measuring). */
async function ensureApp() {
  if (appBuilt) return;
  const { build } = await import('vite');
  await build({
    configFile: join(root, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    build: { outDir: appDir, emptyOutDir: true },
  });
  appBuilt = true;
}

try {
  for (const part of parts) {
    if (part.needs === 'app' || part.needs === 'server') await ensureApp();
    if (part.needs === 'server' && !server) server = await startServer({ outDir: appDir });
    if (part.throttled && !cpu) {
      cpu = await calibrateStandalone();
      results.calibration = cpu;
      console.error(calibrationLine(cpu).trim());
    }
    let result;
    const started = Date.now();
    try {
      result = await part.run({ appDir, origin: server?.origin, cpu });
    } catch (error) {
      // One part failing (a view changed under it) must not hide the other parts' numbers.
      const message = `${part.name} could not be measured: ${String(error?.message ?? error).split('\n')[0]}`;
      results[part.name] = { failed: message };
      broken.push(message);
      seconds[part.name] = Math.round((Date.now() - started) / 1000);
      progress(part.name);
      continue;
    }
    seconds[part.name] = Math.round((Date.now() - started) / 1000);
    if (part.name === 'bundle') appBuilt = true;
    results[part.name] = result;
    broken.push(...((ci ? result.ciBroken : undefined) ?? result.broken ?? []));
    reports.push(part.report(result));
    progress(part.name);
  }
  load.end = loadavg()[0].toFixed(1);
  stopLoader();
  const report = verdictFirst(results, broken, reports);
  console.log(report);
  const run = {
    date: new Date().toISOString(),
    commit: commitMeasured(),
    loaded,
    results,
    broken,
    load,
    seconds,
    wallSeconds: wallSeconds(),
  };
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results/bench.json'), JSON.stringify(run, null, 2));
  writeFileSync(join(root, 'test-results/bench.txt'), report);
  const pageDir = process.env.BENCH_DOCS || (only ? null : join(root, 'docs'));
  if (pageDir) {
    const runs = writePage(pageDir, run);
    if (runs.quiet && runs.loaded)
      console.log(
        `\nQuiet and loaded runs (${pageDir}/benchmarks.md): ${comparisonLine(runs.quiet, runs.loaded).replace(/\*\*/g, '')}`,
      );
  }
  if (broken.length > 0) process.exitCode = 1;
} finally {
  stopLoader();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
