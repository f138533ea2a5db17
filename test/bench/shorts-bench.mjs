// The shorts gallery benchmark: 100+ videos on screen after "Load more" (11 pages from the
// sandbox), in headless Chromium against `vite preview`. Counts what a user's browser
// fetches: stills requested at first paint against cards rendered (only cards near the
// viewport load theirs, `loading="lazy"`), animated previews before and after hovering
// one card (only the hovered one loads), then frame times while scrolling to the end.
// Prints nothing; `shortsReport` formats what `benchShorts` returns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, root, startServer } from './serve.mjs';

const TARGET_CARDS = 100;
/** At first paint, fewer than this share of the cards may have asked for their still. */
const FIRST_PAINT_SHARE = 0.5;
const QUERY = 'street food';

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0;
};

async function measure(page, origin) {
  const stills = new Set();
  const previews = new Set();
  page.on('request', (r) => {
    const url = r.url();
    if (/\/_sandbox\/shorts\/[^/]+\.jpg$/.test(url)) stills.add(url);
    if (/\/_sandbox\/shorts\/[^/]+\.gif$/.test(url)) previews.add(url);
  });
  await page.goto(`${origin}/shorts?query=${encodeURIComponent(QUERY)}`);
  await page.getByRole('button', { name: 'Set API key' }).first().click();
  await page.getByRole('button', { name: 'Use the sandbox demo key' }).click();
  await page.getByRole('button', { name: /^Search shorts ·/ }).click();
  const cards = page.getByRole('list', { name: 'Short videos' }).locator(':scope > li');
  await cards.first().waitFor();
  // Pressed from script, with the pointer parked in a corner: the page stays at its top,
  // as on a first paint, and no card is hovered on the way.
  await page.mouse.move(0, 0);
  while ((await cards.count()) < TARGET_CARDS) {
    const before = await cards.count();
    const more = page.getByRole('button', { name: /^Load more ·/ });
    if (await more.isDisabled()) break;
    await more.evaluate((b) => b.click());
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('ul[aria-label="Short videos"] > li').length > n ||
        document.body.textContent?.includes('No more videos'),
      before,
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  const cardsRendered = await cards.count();
  const stillsAtFirstPaint = stills.size;
  const previewsBeforeHover = previews.size;
  await cards.nth(1).hover();
  await page.locator('img[data-preview]').first().waitFor();
  await page.waitForLoadState('networkidle');
  const previewsAfterHover = previews.size;
  await page.mouse.move(0, 0);

  // Frame times while scrolling to the end in steps, as a wheel would.
  const frames = await page.evaluate(async () => {
    const times = [];
    let last = performance.now();
    let running = true;
    const tick = (t) => {
      times.push(t - last);
      last = t;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const end = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; y <= end; y += 120) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(r));
    }
    running = false;
    return times.slice(1);
  });
  await page.waitForLoadState('networkidle');
  return {
    cardsRendered,
    stillsAtFirstPaint,
    previewsBeforeHover,
    previewsAfterHover,
    stillsAfterScrollingToEnd: stills.size,
    scrollFrames: frames.length,
    scrollFrameP95Ms: Math.round(percentile(frames, 95) * 10) / 10,
    scrollFramesOver50Ms: frames.filter((f) => f > 50).length,
  };
}

/**
 * `benchShorts({ origin })` measures against a running `vite preview` of the app (run.mjs
 * passes its shared server); without an origin it builds and serves the app itself.
 * Returns the numbers, with `broken` listing the budgets missed.
 */
export async function benchShorts({ origin } = {}) {
  let ownBuild = null;
  let server = null;
  let browser = null;
  try {
    let base = origin;
    if (!base) {
      ownBuild = mkdtempSync(join(tmpdir(), 'shorts-bench-'));
      const { build } = await import('vite');
      await build({
        configFile: join(root, 'vite.config.ts'),
        root,
        logLevel: 'silent',
        build: { outDir: ownBuild, emptyOutDir: true, reportCompressedSize: false },
      });
      server = await startServer({ outDir: ownBuild });
      base = server.origin;
    }
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const numbers = await measure(await context.newPage(), base);
    // Budgets: a first paint loads the stills of the cards near the viewport only, and no
    // animated preview loads until a card is hovered (then exactly that one).
    const broken = [];
    if (numbers.stillsAtFirstPaint >= numbers.cardsRendered * FIRST_PAINT_SHARE)
      broken.push(
        `shorts stills at first paint ${numbers.stillsAtFirstPaint} of ${numbers.cardsRendered} cards (budget < ${FIRST_PAINT_SHARE * 100} %)`,
      );
    if (numbers.previewsBeforeHover !== 0 || numbers.previewsAfterHover !== 1)
      broken.push(
        `shorts previews: ${numbers.previewsBeforeHover} before hover, ${numbers.previewsAfterHover} after one (budget 0, then 1)`,
      );
    return { ...numbers, budgets: { firstPaintShare: FIRST_PAINT_SHARE }, broken };
  } finally {
    await browser?.close();
    await server?.stop();
    if (ownBuild) rmSync(ownBuild, { recursive: true, force: true });
  }
}

/** The printed part of `npm run bench`. */
export function shortsReport(r) {
  return [
    `\nShorts gallery, ${r.cardsRendered} videos after "Load more" (1280×800, at the top of the page)`,
    `  stills requested at first paint   ${String(r.stillsAtFirstPaint).padStart(4)} of ${r.cardsRendered} cards`,
    `  animated previews requested       ${String(r.previewsBeforeHover).padStart(4)} before hover, ${r.previewsAfterHover} after hovering one card`,
    `  scrolling to the end              p95 frame ${r.scrollFrameP95Ms} ms, ${r.scrollFramesOver50Ms} of ${r.scrollFrames} frames over 50 ms (${r.stillsAfterScrollingToEnd} stills by then)`,
    `  budget: under ${r.budgets.firstPaintShare * 100} % of the stills at first paint, previews only on hover → ${r.broken.length === 0 ? 'met' : 'MISSED'}`,
  ].join('\n');
}

// `node test/bench/shorts-bench.mjs`: this part alone.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(shortsReport(await benchShorts()));
}
