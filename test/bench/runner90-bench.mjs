// The runner's 90-day part of `npm run bench` (`--only runner90`; issue 38 "Tests and bench"):
// src/runner/bench.ts runs 1,000 keywords × 1 locale once a simulated day (the sandbox's day
// moves on between runs) on a fresh embedded PGlite, against the embedded sandbox at a fixed
// latency and the account's concurrency. It reports each run's wall time against the ideal
// queue time (cells × latency / concurrency), the process's peak memory and the data folder's
// size. Then the runner serves its door, a `vite preview` forwards /runner/ to it (RUNNER_URL),
// and headless Chromium opens the runner's tracker in the Trackers view at 4× CPU with the
// HTTP cache off: "first rows" (navigation → the movers table's first row painted) and the
// longest task, beside SerpBear's 1,400 ms at 4×. BENCH_RUNNER_DAYS (default 90) and
// BENCH_RUNNER_LATENCY (default 20 ms) make a shorter run possible on a loaded machine; the
// report then says how many days it ran.
import { spawn } from 'node:child_process';
import {
  firstRowShownMs,
  freePort,
  launchChromium,
  longestTask,
  median,
  offlineContext,
  root,
  startServer,
  stop,
  watchFirstRow,
} from './serve.mjs';

const KEYWORDS = 1000;
const DAYS = Number(process.env.BENCH_RUNNER_DAYS ?? 90);
const LATENCY_MS = Number(process.env.BENCH_RUNNER_LATENCY ?? 20);
const SLOWDOWN = 4;
const SLOW_LOADS = 3;
const REFERENCE_FIRST_ROWS_MS = 1_400;
const TOKEN = 'bench-runner-door-token';
const TOKEN_KEY = 'web-data-dashboard.runner-token';

/** Runs src/runner/bench.ts; resolves with its summary once its door answers. */
function runDays(doorPort) {
  const child = spawn(
    process.execPath,
    ['-e', "import('vite').then((v) => v.runnerImport('./src/runner/bench.ts'))"],
    {
      cwd: root,
      env: {
        ...process.env,
        BENCH_KEYWORDS: String(KEYWORDS),
        BENCH_DAYS: String(DAYS),
        BENCH_LATENCY: String(LATENCY_MS),
        BENCH_DOOR_PORT: String(doorPort),
        BENCH_DOOR_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let summary = null;
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      for (const line of out.split('\n').slice(0, -1)) {
        if (line.startsWith('day ') || line.startsWith('open ')) console.log(`  runner90 ${line}`);
        if (line.startsWith('BENCH_SUMMARY ')) summary = JSON.parse(line.slice(14));
        if (line.startsWith('door on') && summary) resolve({ child, summary });
      }
      out = out.slice(out.lastIndexOf('\n') + 1);
    });
    child.once('exit', (code) => reject(new Error(`the runner bench exited with ${code}`)));
  });
}

/** One load of the runner's tracker at 4× CPU, cache off: first row painted (ms) and longest task. */
async function firstRows(page, url) {
  await page.goto(url);
  const shownMs = await firstRowShownMs(page);
  return { shownMs, longestMs: await longestTask(page) };
}

/** The Trackers view of the build in appDir, its /runner/ forwarded to the bench's door. */
async function viewOverRunner(appDir, doorPort) {
  const app = await startServer({
    outDir: appDir,
    env: { RUNNER_URL: `http://127.0.0.1:${doorPort}` },
  });
  const browser = await launchChromium();
  try {
    const context = await offlineContext(browser, app.origin);
    // The token as the Runner section holds it (this tab's sessionStorage), and long tasks
    // watched from the page's start.
    await context.addInitScript(
      ([key, token]) => {
        sessionStorage.setItem(key, token);
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      },
      [TOKEN_KEY, TOKEN],
    );
    const page = await context.newPage();
    // The tracker's keyword table (its movers), as the local trackers' bench and SerpBear's
    // keyword page: the first screen of a tracker opened on the page (decision 126).
    await watchFirstRow(page, 'Movers');
    const url = `${app.origin}/trackers?runner=bench`;
    const unthrottled = await firstRows(page, url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const loads = [];
    for (let i = 0; i < SLOW_LOADS; i++) loads.push(await firstRows(page, url));
    return { unthrottled, loads };
  } finally {
    await browser.close();
    await app.stop();
  }
}

export async function benchRunner90({ appDir }) {
  const doorPort = await freePort();
  const { child, summary } = await runDays(doorPort);
  try {
    const view = await viewOverRunner(appDir, doorPort);
    const firstRowsMs = median(view.loads.map((l) => l.shownMs));
    const longestMs = Math.max(...view.loads.map((l) => l.longestMs));
    return { ...summary, view: { ...view, firstRowsMs, longestMs }, broken: [] };
  } finally {
    await stop(child);
  }
}

export function runner90Report(r) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `\nRunner, ${r.keywords.toLocaleString('en-US')} keywords × 1 locale daily for ${r.days} simulated days (sandbox latency ${r.latencyMs} ms, concurrency ${r.concurrency})`,
    `  ideal queue time a run    ${s(r.idealMs)}`,
    `  wall time a run           first ${s(r.wallMs.first)}, median ${s(r.wallMs.median)}, last ${s(r.wallMs.last)}, max ${s(r.wallMs.max)} (median ${(r.wallMs.median / r.idealMs).toFixed(2)}× ideal)`,
    `  runner peak memory (rss)  ${r.peakRssMb} MB`,
    `  database size             ${r.dataMb} MB (PGlite data folder)`,
    `  Trackers view over it     first rows ${r.view.firstRowsMs} ms at ${SLOWDOWN}× CPU (median of ${r.view.loads.length}; SerpBear ${REFERENCE_FIRST_ROWS_MS} ms), longest task ${r.view.longestMs} ms; unthrottled ${r.view.unthrottled.shownMs} ms, longest ${r.view.unthrottled.longestMs} ms`,
  ].join('\n');
}
