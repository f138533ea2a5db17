// Part 2 of `npm run bench`: Lighthouse 13 (the npm package, default mobile config with
// simulated throttling) against `vite preview` with the sandbox, in headless Chromium.
// Every route empty is a navigation (median of 3 for each category); `/search` with
// results and `/realty` with a page of about 500 listings are user flows: the route is
// opened, the demo key set, then a timespan covers pressing Run until the results are
// painted (performance there is Lighthouse's timespan score: blocking time, layout
// shifts, interaction), and a snapshot of the results gives accessibility and best
// practices. Prints nothing; returns rows and the budgets they break.
import { CHROMIUM, CHROMIUM_FLAGS } from './serve.mjs';

export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };
const CATEGORIES = Object.keys(LIGHTHOUSE_BUDGETS);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const scores = (lhr) =>
  Object.fromEntries(
    CATEGORIES.filter((c) => lhr.categories[c]?.score != null).map((c) => [
      c,
      Math.round(lhr.categories[c].score * 100),
    ]),
  );

async function enterDemoKey(page) {
  // A view's page is its prerendered copy (inert) until the app replaces it (decision 024).
  await page.waitForSelector('#root:not([inert]) main');
  await page.locator('::-p-aria(Set API key[role="button"])').click();
  await page.locator('::-p-aria(Use the sandbox demo key[role="button"])').click();
  await page.waitForSelector('[data-testid="credits-pill"]');
}

/** A listing page of the sandbox with close to 500 listings (pages answer 40 to 500). */
async function largeRealtyPage(origin) {
  let best = { url: '', count: 0 };
  for (let n = 1; n <= 40 && best.count < 450; n++) {
    const url = `https://www.realty.example/homes/phoenix-az_rb/${n}_p/`;
    const res = await fetch(`${origin}/api/realty?url=${encodeURIComponent(url)}`, {
      headers: { 'x-api-key': 'demo-key' },
    });
    const count = ((await res.json()).realty_listings ?? []).length;
    if (count > best.count) best = { url, count };
  }
  return best;
}

export async function benchLighthouse({ origin, routes }) {
  const { default: lighthouse, startFlow } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const rows = [];
  try {
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const page = await browser.newPage();
        try {
          const result = await lighthouse(
            `${origin}${route}`,
            { onlyCategories: CATEGORIES, logLevel: 'error' },
            undefined,
            page,
          );
          runs.push(scores(result.lhr));
          runs[runs.length - 1].lcpMs = Math.round(
            result.lhr.audits['largest-contentful-paint'].numericValue,
          );
        } finally {
          await page.close();
        }
      }
      const row = { view: `${route} (empty)` };
      for (const c of [...CATEGORIES, 'lcpMs']) {
        const xs = runs.map((r) => r[c]).filter((x) => x !== undefined);
        if (xs.length > 0) row[c] = median(xs);
      }
      rows.push(row);
    }
    const realtyPage = await largeRealtyPage(origin);
    const flows = [
      {
        view: '/search with results',
        path: '/search?query=coffee%20roasters',
        run: /^Search ·/,
        done: 'ol[aria-label="Organic results"] li',
      },
      {
        view: `/realty with ${realtyPage.count} listings`,
        path: `/realty?url=${encodeURIComponent(realtyPage.url)}`,
        run: /^Fetch listings/,
        done: '.leaflet-container[data-clusters]',
      },
    ];
    for (const f of flows) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const page = await browser.newPage();
        try {
          await page.goto(`${origin}${f.path}`);
          await enterDemoKey(page);
          const flow = await startFlow(page, { flags: { logLevel: 'error' } });
          await flow.startTimespan();
          const buttons = await page.$$('button');
          let pressed = false;
          for (const b of buttons) {
            const name = await b.evaluate((el) => el.textContent?.trim() ?? '');
            if (f.run.test(name)) {
              await b.click();
              pressed = true;
              break;
            }
          }
          if (!pressed) throw new Error(`${f.view}: no Run button matching ${f.run}`);
          await page.waitForSelector(f.done, { timeout: 60_000 });
          await new Promise((r) => setTimeout(r, 1000));
          await flow.endTimespan();
          await flow.snapshot();
          const { steps } = await flow.createFlowResult();
          const span = scores(steps[0].lhr);
          const snap = scores(steps[1].lhr);
          runs.push({
            performance: span.performance,
            accessibility: snap.accessibility,
            'best-practices': snap['best-practices'],
          });
        } finally {
          await page.close();
        }
      }
      const row = { view: f.view };
      for (const c of CATEGORIES) {
        const xs = runs.map((r) => r[c]).filter((x) => x !== undefined);
        if (xs.length > 0) row[c] = median(xs);
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  const broken = rows.flatMap((row) =>
    CATEGORIES.filter((c) => row[c] !== undefined && row[c] < LIGHTHOUSE_BUDGETS[c]).map(
      (c) => `Lighthouse ${c} ${row[c]} on ${row.view} (budget ≥ ${LIGHTHOUSE_BUDGETS[c]})`,
    ),
  );
  return { runs: RUNS, rows, broken };
}

export function lighthouseReport(r) {
  const cell = (x) => String(x ?? '–').padStart(5);
  return [
    `\n2. Lighthouse (mobile, simulated throttling, median of ${r.runs}): performance, accessibility, best practices`,
    ...r.rows.map(
      (row) =>
        `  ${row.view.padEnd(34)} ${cell(row.performance)} ${cell(row.accessibility)} ${cell(row['best-practices'])}${row.lcpMs ? `   LCP ${row.lcpMs} ms` : ''}`,
    ),
    `  budgets: performance ≥ 95, accessibility 100, best practices 100 → ${r.broken.length === 0 ? 'all met' : `${r.broken.length} MISSED`}`,
  ].join('\n');
}
