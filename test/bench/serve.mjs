// What every browser part of the bench shares: a free port, `vite preview` of a build
// (which mounts the sandbox, so the app talks to /api as in dev), headless Chromium and
// medians. Each part starts what it needs and stops it again, even when it fails.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const round1 = (n) => Math.round(n * 10) / 10;

function bindable(port) {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address();
      srv.close(() => resolvePort(bound));
    });
  });
}

/**
 * `BENCH_PORTS=4190-4199`: the ports this bench may listen on (several benches share one
 * machine, each with its own range); without it, any port the system gives.
 */
const PORT_RANGE = (process.env.BENCH_PORTS ?? '')
  .match(/^(\d+)-(\d+)$/)
  ?.slice(1)
  .map(Number);
/** Where the range starts over: a port given and not yet listened on is not given again. */
let nextInRange = 0;
/**
 * Ports that fetch (Node's and Chromium's) refuses to connect to, whatever listens there: the
 * Fetch standard's "bad ports" near the ranges benches use (4190 is ManageSieve's).
 */
const FETCH_BAD_PORTS = new Set([
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A port free now: the next free one of BENCH_PORTS in turn, or any the system gives. */
export async function freePort() {
  if (!PORT_RANGE) return bindable(0);
  const [from, to] = PORT_RANGE;
  const size = to - from + 1;
  for (let tried = 0; tried < size; tried++) {
    const port = from + (nextInRange++ % size);
    if (FETCH_BAD_PORTS.has(port)) continue;
    try {
      return await bindable(port);
    } catch {
      // taken (by this bench's own server or another process): the next one
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** Resolves once `origin + path` answers 200; throws when the child exits or time runs out. */
export async function waitForServer(origin, child, timeoutMs = 30_000, path = '/') {
  const url = `${origin}${path}`;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL after 3 s; resolves when the child is gone. */
export function stop(child) {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    const timer = setTimeout(() => {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    process.kill(child.pid, 'SIGTERM');
  });
}

/**
 * Serves a build with `vite preview` and the sandbox (no latency unless `latencyMs`), or
 * with `vite` dev when `dev` is set (then `outDir` is ignored); with `apiTarget`, /api is
 * the proxy to that upstream instead of the sandbox; `env` adds settings (RUNNER_URL). Returns
 * its origin and stop().
 */
export async function startServer({
  outDir,
  dev = false,
  readyPath = '/',
  latencyMs = 0,
  apiTarget = '',
  env = {},
}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = dev ? [] : ['preview', '--outDir', outDir];
  const child = spawn(
    join(root, 'node_modules/.bin/vite'),
    [...args, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: root,
      env: {
        ...process.env,
        API_TARGET: apiTarget,
        SANDBOX_LATENCY_MS: String(latencyMs),
        ...env,
      },
      stdio: 'ignore',
    },
  );
  try {
    await waitForServer(origin, child, 30_000, readyPath);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { origin, pid: child.pid, stop: () => stop(child) };
}

export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * A browser context that reaches only `origin`: nothing leaves the machine (result links,
 * thumbnails and map tiles point to the internet, which a bench must not wait on).
 */
export async function offlineContext(browser, origin, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.route(
    (url) => !url.href.startsWith(origin),
    (route) => route.abort('internetdisconnected'),
  );
  return context;
}

/** Sets the sandbox's demo key through the key dialog (Playwright) and waits for the credits. */
export async function enterDemoKey(page) {
  await page.getByRole('button', { name: 'Set API key' }).first().click();
  await page.getByRole('button', { name: 'Use the sandbox demo key' }).click();
  await page
    .getByTestId('credits-pill')
    .filter({ hasText: /credits left/ })
    .waitFor();
}

/** The sandbox's state: its ledger of calls (endpoint, status, credits) and the accounts. */
export async function sandboxState(origin) {
  const res = await fetch(`${origin}/api/_sandbox`);
  if (!res.ok) throw new Error(`the sandbox state answered ${res.status}`);
  return res.json();
}

export async function resetSandbox(origin) {
  const res = await fetch(`${origin}/api/_sandbox/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: '{}',
  });
  if (!res.ok) throw new Error(`the sandbox reset answered ${res.status}: ${await res.text()}`);
}

/** Starts recording every long task (≥ 50 ms, Chromium's Long Tasks API) on the page. */
export function watchLongTasks(page) {
  return page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
}

/**
 * The longest task since the last call (or since watchLongTasks), in whole ms, and starts
 * over. No long task at all means every task stayed under 50 ms: reported as 0.
 */
export function longestTask(page) {
  return page.evaluate(() => {
    const max = Math.max(0, ...window.__longTasks);
    window.__longTasks = [];
    return Math.round(max);
  });
}

/**
 * Dates the first painted body row of the table whose name starts with `caption` (a `<table>`'s
 * caption, or the element an ARIA table's `aria-labelledby` names: the movers, decision 123):
 * the "first rows" SerpBear's figure was taken as. An init script watches every navigation of
 * `page` from its first byte, so a row painted before the load event (when `page.goto`
 * resolves) is dated when it was painted, not then. Read each load with `firstRowShownMs`.
 */
export function watchFirstRow(page, caption) {
  return page.addInitScript((captionStart) => {
    window.__firstRow = new Promise((resolve) => {
      const named = (t) =>
        (
          t.caption ?? document.getElementById(t.getAttribute('aria-labelledby'))
        )?.textContent.startsWith(captionStart);
      const firstRow = () => {
        const table = [...document.querySelectorAll('table, [role=table]')].find(named);
        if (table instanceof HTMLTableElement) return table.tBodies[0]?.rows[0];
        return table?.querySelectorAll('[role=row]')[1];
      };
      setTimeout(() => resolve(-1), 180_000);
      new MutationObserver((_, observer) => {
        if (!firstRow()) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
      }).observe(document, { childList: true, subtree: true });
    });
  }, caption);
}

/**
 * When this load's watched first row was painted (ms from navigation start, `watchFirstRow`);
 * -1 when it never showed within 3 minutes, rather than waiting for ever.
 */
export async function firstRowShownMs(page) {
  return Math.round(await page.evaluate(() => window.__firstRow));
}
