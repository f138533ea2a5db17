import { writeFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { appLive, enterDemoKey } from './helpers.ts';

/*
 * Big and hostile demo files (issue #36, point 6): a 120 MB file is read and parsed in a
 * Worker, with progress and Cancel, and no task of the page's thread takes over 200 ms (the
 * browser's own long-task entries say so); a hostile one gets a message naming its step.
 */

type Step = { snapshot?: { request: { endpoint: string }; response: Record<string, unknown> } };
type Tour = { steps: Step[] } & Record<string, unknown>;

/** A script of about 120 MB made from the sandbox's tour: 20 big search answers, 10 screenshots. */
function bigScript(tour: Tour): Tour {
  const of = (endpoint: string) =>
    tour.steps.find((s) => s.snapshot?.request.endpoint === endpoint)!;
  const search = of('search');
  const body = search.snapshot!.response.body as { organic_results: unknown[] };
  const results = Array.from(
    { length: 6700 },
    (_, i) => body.organic_results[i % body.organic_results.length],
  );
  const bigSearch = {
    ...search,
    snapshot: {
      ...search.snapshot!,
      response: { ...search.snapshot!.response, body: { ...body, organic_results: results } },
    },
  };
  const shot = of('screenshot');
  const bigShot = {
    ...shot,
    snapshot: {
      ...shot.snapshot!,
      response: { ...shot.snapshot!.response, base64: 'A'.repeat(6_600_000) },
    },
  };
  return {
    ...tour,
    name: 'Big script',
    steps: [...Array(20).fill(bigSearch), ...Array(10).fill(bigShot)],
  };
}

/** The big script written to the test's output folder as big.demo.json. */
async function bigScriptFile(request: APIRequestContext, info: TestInfo) {
  const tour = (await (await request.get('/api/_sandbox/tour')).json()) as Tour;
  const text = JSON.stringify(bigScript(tour));
  const path = info.outputPath('big.demo.json');
  await writeFile(path, text);
  return { path, text };
}

test('a 120 MB script opens off the page’s thread with progress, the page never frozen', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const { path, text } = await bigScriptFile(request, info);
  const megabytes = text.length / 1024 / 1024;
  expect(megabytes).toBeGreaterThan(110);

  page.on('console', (m) => {
    if (m.text().startsWith('TMP')) console.log(m.text());
  });
  await page.goto('/demos');
  await appLive(page);
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; phases: string[] };
    w.longTasks = [];
    w.phases = [];
    // What the page showed when each long task began, to tell which part of the opening it was.
    const said: [number, string][] = [[performance.now(), 'before']];
    new MutationObserver(() => {
      const now =
        document.querySelector('[role="status"]')?.textContent ??
        document.querySelector('h2')?.textContent ??
        '';
      if (now !== said.at(-1)![1]) said.push([performance.now(), now]);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.longTasks.push(Math.round(entry.duration));
        const phase = said.findLast(([at]) => at <= entry.startTime)?.[1] ?? '';
        w.phases.push(`${Math.round(entry.duration)} ms after “${phase.slice(0, 40)}”`);
      }
    }).observe({ type: 'longtask' });
  });
  await page.getByLabel('Open script').setInputFiles(path);
  await expect(
    page.getByRole('status').filter({ hasText: /Reading|Parsing|Checking/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editing “Big script”' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(30);
  const longTasks = await page.evaluate(
    () => (window as unknown as { longTasks: number[] }).longTasks,
  );
  const longest = Math.max(0, ...longTasks);
  const phases = await page.evaluate(() => (window as unknown as { phases: string[] }).phases);
  console.log(
    `opening ${megabytes.toFixed(1)} MB: longest task ${longest} ms of ${longTasks.length} over 50 ms: ${phases.join('; ')}`,
  );
  // Parsed on the page's thread this was one task of 5 s (9–11 s in issue #36); with every
  // step's answer handed to the page, 256–673 ms under load. The page now takes in the outline
  // alone, the answers stay in IndexedDB until a step plays (decision 102).
  expect(longest).toBeLessThan(200);
  expect(await storedRecords(page)).toBe(31);
  // A step's answer is read from the store as it plays.
  await page.getByRole('button', { name: 'Play “Big script”' }).click();
  await expect(page.getByRole('region', { name: 'Demo player' })).toContainText('step 1 of 30');
  await expect(page.getByRole('list', { name: 'Organic results' })).toBeVisible();
});

/** The records of the demos' database: scripts and their steps' answers kept apart. */
const storedRecords = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('web-data-dashboard-demos');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('scripts')) return resolve(0);
          const count = db.transaction('scripts').objectStore('scripts').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(new Error('not counted'));
        };
      }),
  );

test('Cancel stops reading a big script: nothing is kept', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const { path } = await bigScriptFile(request, info);
  await page.goto('/demos');
  await appLive(page);
  await page.getByLabel('Open script').setInputFiles(path);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Opening big.demo.json was cancelled: nothing was kept.',
  );
  await expect(page.getByRole('list', { name: 'Demo scripts' }).getByRole('listitem')).toHaveCount(
    0,
  );
  expect(await storedRecords(page)).toBe(0);
});

/**
 * Holds the demos' store with a write transaction of the page's own until the returned function
 * releases it: the Worker's write of a script waits behind it, so "Keeping the script…" stays on
 * screen until the test has acted. Without it the test raced the machine: a write shorter than
 * Playwright's click finished first and the script was kept (seen on Chromium 156.0.8078.108),
 * or the status came and went between two polls. A deletion of the database (Clear key) is let
 * through: the hold ends when its connection is asked to close.
 */
async function holdTheScriptsStore(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const w = window as unknown as { __holding?: boolean };
        const open = indexedDB.open('web-data-dashboard-demos');
        // As the app's store creates it, if the page has not opened it yet.
        open.onupgradeneeded = () => open.result.createObjectStore('scripts');
        open.onerror = () => reject(new Error('the demos database did not open'));
        open.onsuccess = () => {
          const db = open.result;
          db.onversionchange = () => {
            w.__holding = false;
            db.close();
          };
          w.__holding = true;
          const store = db.transaction('scripts', 'readwrite').objectStore('scripts');
          // A request after each answer keeps the transaction open; none once released.
          const keepOpen = () => {
            if (w.__holding) store.get('held').onsuccess = keepOpen;
          };
          keepOpen();
          resolve();
        };
      }),
  );
  return async () => {
    await page.evaluate(() => {
      (window as unknown as { __holding?: boolean }).__holding = false;
    });
  };
}

test('Cancel while the script is being written, or a key cleared meanwhile: nothing is stored', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const { path } = await bigScriptFile(request, info);
  await page.goto('/demos');
  await enterDemoKey(page);
  await appLive(page);
  const status = page.getByRole('status').filter({ hasText: /Keeping the script/ });
  let release = await holdTheScriptsStore(page);
  await page.getByLabel('Open script').setInputFiles(path);
  await expect(status).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Opening big.demo.json was cancelled: nothing was kept.',
  );
  await release();
  await expect.poll(() => storedRecords(page)).toBe(0);

  release = await holdTheScriptsStore(page);
  await page.getByLabel('Open script').setInputFiles(path);
  await expect(status).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: /^Key / }).click();
  await page.getByRole('button', { name: 'Clear key' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'A key was cleared while this file was read: nothing was kept.',
  );
  await release();
  await expect.poll(() => storedRecords(page)).toBe(0);
  await expect(page.getByRole('list', { name: 'Demo scripts' }).getByRole('listitem')).toHaveCount(
    0,
  );
});

test('an answer nested 3,000 levels deep is refused with a message naming its step', async ({
  page,
  request,
}, info) => {
  const tour = (await (await request.get('/api/_sandbox/tour')).json()) as Tour;
  let deep: unknown = 'bottom';
  for (let i = 0; i < 3000; i++) deep = [deep];
  const steps = tour.steps.slice(0, 3);
  const realty = tour.steps.find((s) => s.snapshot?.request.endpoint === 'realty')!;
  steps[2] = {
    ...realty,
    snapshot: { ...realty.snapshot!, response: { ...realty.snapshot!.response, body: deep } },
  };
  const path = info.outputPath('deep.demo.json');
  await writeFile(path, JSON.stringify({ ...tour, steps }));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/demos');
  await appLive(page);
  await page.getByLabel('Open script').setInputFiles(path);
  await expect(page.getByRole('alert')).toHaveText(
    /^Step 3 \(Realty listings\): its answer nests deeper than \d+ levels\.$/,
  );
  expect(errors).toEqual([]);
});
