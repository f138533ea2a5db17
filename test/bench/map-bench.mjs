// The realty map benchmark: time from data to a painted map for 10,000 listings, with the
// view's renderer (supercluster + canvas) and with one react-leaflet <Marker> per listing.
// `benchMap()` builds the bench page (test/bench/map/index.html), serves it with
// `vite preview` (which mounts the sandbox), measures in headless Chromium and stops
// everything it started. `benchMap(baseUrl)` uses a server the caller runs instead: any
// Vite server at the repo root (e.g. `vite` dev) serves the page at the same path.
// Prints nothing; returns { viewMs, domMarkersMs, ratio } (medians of 3 runs each), plus
// normalizeMs: the time to turn the 10,000 parsed listings into the map's input, which
// happens before the data is handed to either map and so is on neither clock.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PAGE = '/test/bench/map/index.html';
const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

async function waitForServer(origin, child, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}${PAGE}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`vite preview did not answer on ${origin} within ${timeoutMs} ms`);
}

function stop(child) {
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One measurement: a fresh page, data fetched and parsed, then the clock. */
async function measure(context, origin, mode) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}${PAGE}?mode=${mode}`);
    await page.waitForFunction(() => window.__mapBench?.ready === true, null, { timeout: 120_000 });
    // The basemap (tiles, or the offline outlines) settles first, so it is not on the clock.
    await page
      .waitForFunction(
        () => document.querySelector('.leaflet-basemap-pane path, .leaflet-tile-loaded') !== null,
        null,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    await page.waitForTimeout(300);
    const count = await page.evaluate(() => window.__mapBench.count);
    if (count !== 10_000) throw new Error(`expected 10,000 listings, the page has ${count}`);
    const normalizeMs = await page.evaluate(() => window.__mapBench.normalizeMs);
    const ms = await page.evaluate(() =>
      Promise.race([
        window.__mapBench.run(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the map did not render within 60 s')), 60_000),
        ),
      ]),
    );
    return { ms, normalizeMs };
  } finally {
    await page.close();
  }
}

export async function benchMap(baseUrl) {
  let origin = baseUrl?.replace(/\/+$/, '');
  let server = null;
  let outDir = null;
  let browser = null;
  try {
    if (!origin) {
      outDir = mkdtempSync(join(tmpdir(), 'map-bench-'));
      const { build } = await import('vite');
      await build({
        configFile: join(root, 'vite.config.ts'),
        root,
        logLevel: 'silent',
        build: {
          outDir,
          emptyOutDir: true,
          reportCompressedSize: false,
          rolldownOptions: { input: join(root, 'test/bench/map/index.html') },
        },
      });
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      server = spawn(
        join(root, 'node_modules/.bin/vite'),
        [
          'preview',
          '--outDir',
          outDir,
          '--host',
          '127.0.0.1',
          '--port',
          String(port),
          '--strictPort',
        ],
        {
          cwd: root,
          env: { ...process.env, API_TARGET: '', SANDBOX_LATENCY_MS: '0' },
          stdio: 'ignore',
        },
      );
      await waitForServer(origin, server);
    }
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const view = [];
    const dom = [];
    const normalize = [];
    // Interleaved, so a slow moment of the machine does not hit one renderer only.
    for (let i = 0; i < RUNS; i++) {
      const v = await measure(context, origin, 'view');
      const d = await measure(context, origin, 'dom');
      view.push(v.ms);
      dom.push(d.ms);
      normalize.push(v.normalizeMs, d.normalizeMs);
    }
    const viewMs = median(view);
    const domMarkersMs = median(dom);
    const round = (n) => Math.round(n * 10) / 10;
    return {
      viewMs: round(viewMs),
      domMarkersMs: round(domMarkersMs),
      ratio: Math.round((viewMs / domMarkersMs) * 1000) / 1000,
      // Not on either clock: turning the response into the map's input, the same for both.
      normalizeMs: round(median(normalize)),
    };
  } finally {
    await browser?.close();
    if (server) await stop(server);
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  }
}
