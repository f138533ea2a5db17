// The realty map benchmark: time from data to a painted map for 10,000 listings, with the
// view's renderer (supercluster + canvas) and with one react-leaflet <Marker> per listing;
// then, on the view's renderer, the longest main-thread task during a scripted pan and zoom.
// `benchMap()` builds the bench page (test/bench/map/index.html), serves it with
// `vite preview` (which mounts the sandbox), measures in headless Chromium and stops
// everything it started. `benchMap(baseUrl)` uses a server the caller runs instead: any
// Vite server at the repo root (e.g. `vite` dev) serves the page at the same path.
// Prints nothing; returns { viewMs, domMarkersMs, ratio, panZoomLongestTaskMs } (medians of
// 3 runs each), plus normalizeMs: the time to turn the 10,000 parsed listings into the
// map's input, which happens before the data is handed to either map and so is on neither clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  launchChromium,
  longestTask,
  median,
  root,
  round1,
  startServer,
  watchLongTasks,
} from './serve.mjs';
import { traceMoment } from './trace-tasks.mjs';

// Kept for modules that took the server helpers from here before serve.mjs existed.
export { freePort, stop, waitForServer } from './serve.mjs';

const PAGE = '/test/bench/map/index.html';
const RUNS = 3;

/** Drags the map around and zooms in and out with the wheel, as a user exploring it would. */
async function panAndZoom(page) {
  const box = await page.locator('.leaflet-container').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await watchLongTasks(page);
  for (const [dx, dy] of [
    [200, 0],
    [0, 150],
    [-300, -100],
    [100, -50],
  ]) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(cx + (dx * i) / 10, cy + (dy * i) / 10);
    await page.mouse.up();
    await page.waitForTimeout(250);
  }
  for (const deltaY of [-300, -300, -300, 300, 300, -300]) {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, deltaY);
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(300);
  return longestTask(page);
}

/** One measurement: a fresh page, data fetched and parsed, then the clock. */
async function measure(context, origin, mode) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}${PAGE}?mode=${mode}`);
    await page.waitForFunction(() => window.__mapBench?.ready === true, null, { timeout: 120_000 });
    // The basemap (tiles, or the offline outlines) settles first, so it is not on the clock.
    // The outlines are added in slices: the first path is not the last (data-outlines says so).
    await page
      .waitForFunction(
        () => document.querySelector('[data-outlines="drawn"], .leaflet-tile-loaded') !== null,
        null,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    await page.waitForTimeout(300);
    const count = await page.evaluate(() => window.__mapBench.count);
    if (count !== 10_000) throw new Error(`expected 10,000 listings, the page has ${count}`);
    const normalizeMs = await page.evaluate(() => window.__mapBench.normalizeMs);
    const ms = await traceMoment(page, `map ${mode}`, () =>
      page.evaluate(() =>
        Promise.race([
          window.__mapBench.run(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('the map did not render within 60 s')), 60_000),
          ),
        ]),
      ),
    );
    const longestTaskMs = mode === 'view' ? await panAndZoom(page) : null;
    return { ms, normalizeMs, longestTaskMs };
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
      server = await startServer({ outDir, readyPath: PAGE });
      origin = server.origin;
    }
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const view = [];
    const dom = [];
    const normalize = [];
    const longest = [];
    // Interleaved, so a slow moment of the machine does not hit one renderer only.
    for (let i = 0; i < RUNS; i++) {
      const v = await measure(context, origin, 'view');
      const d = await measure(context, origin, 'dom');
      view.push(v.ms);
      dom.push(d.ms);
      normalize.push(v.normalizeMs, d.normalizeMs);
      longest.push(v.longestTaskMs);
    }
    const viewMs = median(view);
    const domMarkersMs = median(dom);
    return {
      viewMs: round1(viewMs),
      domMarkersMs: round1(domMarkersMs),
      ratio: Math.round((viewMs / domMarkersMs) * 1000) / 1000,
      panZoomLongestTaskMs: round1(median(longest)),
      // Not on either clock: turning the response into the map's input, the same for both.
      normalizeMs: round1(median(normalize)),
    };
  } finally {
    await browser?.close();
    await server?.stop();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  }
}
