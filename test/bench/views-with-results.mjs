// Every view with results, as the Lighthouse part (timespan + snapshot) and the interaction
// part (INP) drive them, in Puppeteer (Lighthouse's driver). One entry per view:
//   view     its name in the tables
//   path     where the page opens (a fresh browser context each run: no storage left over)
//   key      false when the flow needs no API key (default: the sandbox's demo key is set)
//   prepare  (page, origin) → what happens before the timespan starts (seeding, a first run)
//   act      (page) → what the user does inside the timespan (default: the view's Run button)
//   done     (page) → resolves when the results are on screen
// Adding a view is one entry here (e.g. /trackers when it lands: a prepare that records 30
// runs, its Run button, its results' selector); empty routes need nothing (the build's
// prerendered pages list them).

/** Clicks the first button whose text matches (a real input event, so INP counts it). */
export async function pressButton(page, pattern) {
  const handle = await page.waitForFunction(
    (source, flags) =>
      [...document.querySelectorAll('button, summary')].find(
        (b) => new RegExp(source, flags).test(b.textContent?.trim() ?? '') && !b.disabled,
      ),
    { timeout: 30_000 },
    pattern.source,
    pattern.flags,
  );
  const button = handle.asElement();
  // Content below the fold is styled when it scrolls near (content-visibility: auto, decision
  // 094), which can move the button between puppeteer's scroll and its click: at 4× the click
  // on search's "Raw response" landed beside it. Click where it settled, as a person would.
  await button.scrollIntoView();
  await page.evaluate(
    (el) =>
      new Promise((settled) => {
        let top = el.getBoundingClientRect().top;
        const check = () =>
          requestAnimationFrame(() => {
            const now = el.getBoundingClientRect().top;
            if (now === top) return settled();
            top = now;
            check();
          });
        check();
      }),
    button,
  );
  await button.click();
}

/** The view's Run button (the button in its parameters form that names a cost: "… · …"). */
export const pressRun = (page) => pressButton(page, / · /);

export const waitFor =
  (selector, timeout = 60_000) =>
  (page) =>
    page.waitForSelector(selector, { timeout });

/** Resolves once an image matching `selector` has arrived and decoded. */
const imageLoaded = (selector) => (page) =>
  page.waitForFunction(
    (s) => {
      const img = document.querySelector(s);
      return img?.complete && img.naturalWidth > 0;
    },
    { timeout: 60_000 },
    selector,
  );

/** A listing page of the sandbox with close to 500 listings (pages answer 40 to 500). */
export async function largeRealtyPage(origin) {
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

/** `count` history entries as the app stores them (workspace/history/history-store.ts). */
function historyEntries(count) {
  const endpoints = ['search', 'shorts', 'autocomplete', 'realty', 'screenshot', 'webhook'];
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-${i}`,
    endpoint: endpoints[i % endpoints.length],
    params:
      endpoints[i % endpoints.length] === 'search' || endpoints[i % endpoints.length] === 'shorts'
        ? { query: `bench query ${i}` }
        : { url: `https://example.com/page-${i}` },
    at: now - i * 60_000,
    durationMs: 300 + (i % 7) * 40,
    status: i % 23 === 0 ? 'error' : 'ok',
    httpStatus: i % 23 === 0 ? 500 : 200,
    credits: i % 23 === 0 ? 0 : 20,
    results: 10,
    starred: i % 50 === 0,
  }));
}

/** Stores 500 history entries in the page's origin and reloads, so the app reads them. */
async function seedHistory(page, origin) {
  await page.evaluate(
    (entries) => localStorage.setItem('web-data-dashboard.history', JSON.stringify(entries)),
    historyEntries(500),
  );
  await page.goto(`${origin}/`);
  await page.waitForSelector('#root:not([inert]) main');
}

/** Runs a search batch of `queries` × (us, gb) to its end: 100 × 2 = 200 cells by default. */
async function runBatch(page, queries = 100, locales = 2) {
  const lines = Array.from({ length: queries }, (_, i) => `batch keyword ${i + 1}`);
  // Typed key by key this would be 2,000 keys (and Enter adds no line in every field): the
  // value is set as a paste would, through the element's own setter and an input event. The
  // view may still put its stored draft in the field after it shows: set again until the
  // count of queries says the text stayed.
  for (let attempt = 0; ; attempt++) {
    await page.$eval(
      '::-p-aria(Queries[role="textbox"])',
      (el, text) => {
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set;
        setter.call(el, text);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      },
      lines.join('\n'),
    );
    const counted = await page
      .waitForFunction(
        (n) => document.querySelector('main')?.innerText.includes(`${n} queries`),
        { timeout: 3000 },
        queries,
      )
      .then(
        () => true,
        () => false,
      );
    if (counted) break;
    if (attempt === 4) throw new Error(`the batch's Queries field did not keep ${queries} queries`);
  }
  await page.locator('::-p-aria(Country[role="combobox"])').fill('us');
  await page.locator('::-p-aria(Language[role="combobox"])').fill('en');
  if (locales === 2) {
    await pressButton(page, /^Add a locale$/);
    await page.locator('::-p-aria(Country \\(locale 2\\)[role="combobox"])').fill('gb');
    await page.locator('::-p-aria(Language \\(locale 2\\)[role="combobox"])').fill('en');
  }
  const cells = queries * locales;
  await pressButton(page, new RegExp(`^Run batch · ${cells} requests`));
  await page.waitForFunction(
    (n) =>
      new RegExp(`^${n} done · 0 failed · 0 left`).test(
        document.querySelector('[data-testid="batch-progress"]')?.textContent ?? '',
      ),
    { timeout: 120_000 },
    cells,
  );
}

/** Fills the pivot's target and competitors: the pivot of the 200 cells renders. */
async function pivot(page) {
  await page.locator('::-p-aria(Target domain[role="textbox"])').fill('wikipedia.org');
  await page
    .locator('input[id$="-competitors"]')
    .fill('youtube.com, reddit.com, medium.com, quora.com, forbes.com');
}

const pivotShown = (page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll('caption')].some((c) => /by locale/.test(c.textContent)),
    { timeout: 60_000 },
  );

/** Starts the sandbox's tour (a demo script) from the demos page. */
const startTour = (page) => pressButton(page, /^Take the tour$/);
// textContent, not innerText: innerText lays the page out, and puppeteer polls every frame, so
// the probe itself added a forced layout of the whole view to each frame of the step's arrival.
const tourPlaying = (page) =>
  page.waitForFunction(
    () =>
      document.querySelector('section[aria-label="Demo player"]') &&
      /Snapshot from/.test(document.querySelector('main')?.textContent ?? ''),
    { timeout: 60_000 },
  );

const SEARCH_DONE = waitFor('ol[aria-label="Organic results"] li');
const REALTY_DONE = waitFor('.leaflet-container[data-clusters]');

/** The flows of the Lighthouse part: every view with results. `realty` is largeRealtyPage's. */
export const viewsWithResults = (realty) => [
  {
    view: '/search with results',
    path: '/search?query=coffee%20roasters',
    done: SEARCH_DONE,
  },
  {
    view: `/realty with ${realty.count} listings`,
    path: `/realty?url=${encodeURIComponent(realty.url)}`,
    done: REALTY_DONE,
  },
  {
    view: '/shorts, a page of 10 with a preview playing',
    path: '/shorts?query=street%20food',
    act: async (page) => {
      await pressRun(page);
      await page.waitForSelector('[aria-label="Short videos"] > li:nth-child(10)');
      await page.hover('[aria-label="Short videos"] > li:nth-child(3) img[data-still]');
    },
    done: imageLoaded('[aria-label="Short videos"] img[data-preview]'),
  },
  {
    view: '/autocomplete, live typing',
    // Live typing is off by default where a pause costs credits (the sandbox's 2): turned on.
    path: '/autocomplete?live=1',
    act: async (page) => {
      await page.focus('[role="combobox"]');
      await page.keyboard.type('coffee shop', { delay: 80 });
    },
    done: waitFor('section[data-query="coffee shop"] li'),
  },
  {
    view: '/screenshot, a 1920×1080 capture',
    path: '/screenshot?url=https%3A%2F%2Fexample.com%2F&width=1920&height=1080',
    done: imageLoaded('img[alt^="Screenshot of"]'),
  },
  {
    view: '/account with credits spent',
    path: '/search?query=pour%20over%20kettle',
    prepare: async (page) => {
      await pressRun(page);
      await SEARCH_DONE(page);
    },
    act: (page) => page.click('[data-testid="credits-pill"]'),
    done: waitFor('[data-testid="account-credits-left"]'),
  },
  {
    view: '/webhook, a job and its delivery',
    path: '/webhook?url=https%3A%2F%2Fexample.com%2Fpricing&webhook_id=orders',
    act: async (page) => {
      await pressRun(page);
      await pressButton(page, /^Confirm and submit/);
    },
    done: waitFor('[aria-label="Deliveries"] li'),
  },
  {
    view: '/history with 500 entries',
    path: '/',
    prepare: seedHistory,
    act: (page) => page.click('nav[aria-label="Views"] a[href="/history"]'),
    done: waitFor('[aria-label="Request history"] li'),
  },
  {
    view: '/batch, a 200-cell pivot',
    path: '/batch',
    prepare: (page) => runBatch(page),
    act: pivot,
    done: pivotShown,
  },
  {
    view: '/demos, the tour playing',
    path: '/demos',
    key: false,
    act: startTour,
    done: tourPlaying,
  },
  // Defined below, with its helpers; kept last (its 30 runs take the longest to prepare).
  TRACKERS_WITH_RUNS,
];

/** Rows in the table whose caption holds `caption`. */
const tableRows = (page, caption) =>
  page.evaluate(
    (text) =>
      [...document.querySelectorAll('table')]
        .find((t) => t.querySelector('caption')?.textContent.includes(text))
        ?.querySelectorAll('tbody tr').length ?? 0,
    caption,
  );

const TRACKER_RUNS = 30;

/**
 * /trackers with 30 runs (issue #24). A tracker saved from a 10-keyword batch, run 30 times with Run now; inside
 * the timespan the view is opened from the nav with the tracker in its URL.
 */
export const TRACKERS_WITH_RUNS = {
  view: `/trackers, a tracker with ${TRACKER_RUNS} runs`,
  path: '/batch',
  prepare: async (page) => {
    await runBatch(page, 10, 1);
    await pivot(page);
    await pivotShown(page);
    await pressButton(page, /^Save as tracker$/);
    await page.waitForSelector('[data-testid="tracker-plan"]');
    for (let run = 1; run <= TRACKER_RUNS; run++) {
      await pressButton(page, /^Run now$/);
      await page.waitForFunction(
        (n) =>
          [...document.querySelectorAll('table')]
            .find((t) => t.querySelector('caption')?.textContent.includes('Every run'))
            ?.querySelectorAll('tbody tr').length === n &&
          !/^Running:/.test(document.querySelector('[role="status"]')?.textContent ?? ''),
        { timeout: 60_000 },
        run,
      );
    }
    // Away from the view, so that opening it is the timespan's interaction.
    await page.click('nav[aria-label="Views"] a[href="/batch"]');
    await page.waitForSelector('::-p-aria(Queries[role="textbox"])');
  },
  act: (page) => page.click('nav[aria-label="Views"] a[href="/trackers"]'),
  done: async (page) => {
    await page.waitForFunction(() =>
      document.querySelector('main h1')?.textContent.includes('Track'),
    );
    if ((await tableRows(page, 'Every run')) === 0) {
      // The list first: open the tracker from it.
      await page.click('main table button, main table a');
    }
    await page.waitForFunction(
      (n) =>
        [...document.querySelectorAll('table')]
          .find((t) => t.querySelector('caption')?.textContent.includes('Every run'))
          ?.querySelectorAll('tbody tr').length === n,
      { timeout: 60_000 },
      TRACKER_RUNS,
    );
  },
};

export const flowParts = {
  SEARCH_DONE,
  REALTY_DONE,
  startTour,
  tourPlaying,
  seedHistory,
};
