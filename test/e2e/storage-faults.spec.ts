import { expect, test, type Page } from '@playwright/test';
import {
  appLive,
  collectConsoleErrors,
  enterDemoKey,
  resetSandbox,
  seriousAxeIssues,
} from './helpers.ts';

// Credits and faults as the sandbox starts, whatever the spec before left.
test.beforeEach(({ request }) => resetSandbox(request));

const openHistory = (page: Page) =>
  page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'History' }).click();

/** Everything the dashboard keeps in this browser's IndexedDB, as text. */
const storedResults = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('web-data-dashboard');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('results')) return resolve('');
          const all = db.transaction('results').objectStore('results').getAllKeys();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
        };
      }),
  );

/** The requests whose answers the dashboard keeps in this browser's IndexedDB (their query hashes). */
const storedRequests = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('web-data-dashboard');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const all = open.result.transaction('results').objectStore('results').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { clientState?: { queries?: { queryHash: string }[] } }[]).flatMap(
                (r) => r.clientState?.queries?.map((q) => q.queryHash) ?? [],
              ),
            );
        };
      }),
  );

test('IndexedDB full: the paid answer shows, a notice says it will not survive a reload, history and snapshots work', async ({
  page,
}) => {
  // The browser's storage edge: every write to IndexedDB fails as over the site's quota.
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const errors = collectConsoleErrors(page);
  await page.goto('/search?query=storage+full');
  await enterDemoKey(page);
  await page.getByRole('button', { name: 'Search · 20 credits' }).click();
  const results = page.getByRole('list', { name: 'Organic results' });
  await expect(results.locator(':scope > li').first()).toBeVisible();

  const notices = page.getByRole('list', { name: 'Notices' });
  await expect(notices.getByRole('status')).toHaveText(
    "The browser's storage for this site is full, so the latest answers were not kept: they show now, but will not survive a reload.",
  );
  // It floats over the page's bottom edge: the answer above it did not move.
  expect(await seriousAxeIssues(page, 'storage notice')).toEqual([]);

  // A snapshot of the answer saves and opens, and the history has the request.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  const file = await (await downloading).path();
  await openHistory(page);
  const history = page.getByRole('list', { name: 'Request history' });
  await expect(history.getByRole('link', { name: 'Search “storage full”' })).toBeVisible();
  await page.getByLabel('Open snapshot').setInputFiles(file);
  await expect(page.getByText(/^Snapshot from/)).toBeVisible();
  await expect(results.locator(':scope > li').first()).toBeVisible();

  await notices.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toBeHidden();

  // As told: after a reload the answer is not there, and the search costs again.
  await page.goto('/search?query=storage+full');
  await expect(page.getByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
  await expect(results).toBeHidden();
  expect(errors).toEqual([]);
});

/** Searches from before, as the history stores them: "q0" the newest. */
const earlierSearches = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `seed-${i}`,
    endpoint: 'search',
    params: { query: `q${i}` },
    at: Date.now() - 60_000 - i * 1000,
    durationMs: 100,
    status: 'ok',
    credits: 20,
    results: 10,
    starred: false,
  }));

/**
 * Clicks these buttons (by accessible name) in the page at the time `at` (ms since the epoch, the
 * machine's one clock), 3 ms apart in one task: two tabs told the same time write the history
 * in the same moments, each before it can have seen the other's writes.
 */
const clickAt = (page: Page, at: number, names: string[]) =>
  page.evaluate(
    ({ at, names }) =>
      new Promise<void>((resolve) => {
        setTimeout(
          () => {
            const start = performance.now();
            names.forEach((name, i) => {
              while (performance.now() < start + i * 3);
              const button = [...document.querySelectorAll('button')].find(
                (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
              );
              button?.click();
            });
            resolve();
          },
          Math.max(0, at - Date.now()),
        );
      }),
    { at, names },
  );

test('two tabs at once: each keeps its own key, and the history keeps what both did in the same moments', async ({
  page,
}) => {
  const tabs = [page, await page.context().newPage()];
  const errors = tabs.flatMap((tab) => collectConsoleErrors(tab));
  const [a, b] = tabs as [Page, Page];
  await a.goto('/history');
  await appLive(a);
  await a.evaluate(
    (entries) => localStorage.setItem('web-data-dashboard.history', JSON.stringify(entries)),
    earlierSearches(20),
  );
  await a.reload();
  await b.goto('/history');
  // Each tab its own key: the second has none until it is given one.
  await enterDemoKey(a);
  await appLive(b);
  await expect(b.getByRole('button', { name: 'Set API key' }).first()).toBeVisible();
  await enterDemoKey(b);
  for (const tab of tabs) await expect(tab.getByText(/^20 of 20 entries/)).toBeVisible();

  // In the same moments, the first tab stars q0–q9 and deletes q19, the second stars q10–q19.
  const star = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `Star Search “q${from + i}”`);
  const at = Date.now() + 1000;
  await Promise.all([
    clickAt(a, at, [...star(0, 9), 'Delete Search “q19” from the history']),
    clickAt(b, at, star(10, 19)),
  ]);
  for (const tab of tabs) {
    await expect(tab.getByText(/^19 of 19 entries/)).toBeVisible();
    await expect(tab.getByRole('button', { name: /^Star /, pressed: true })).toHaveCount(19);
  }

  // Both tabs search at the same moment: both requests are in the history, seen from both.
  await a.goto('/search?query=from+the+first+tab');
  await b.goto('/search?query=from+the+second+tab');
  for (const tab of tabs) await appLive(tab);
  const searchAt = Date.now() + 500;
  await Promise.all(tabs.map((tab) => clickAt(tab, searchAt, ['Search · 20 credits'])));
  for (const tab of tabs) {
    await expect(tab.getByText('Fresh result · 20 credits')).toBeVisible();
    await openHistory(tab);
    await expect(tab.getByText(/^21 of 21 entries/)).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a key cleared in one tab: the other keeps its key and what it shows, is told, and its stored results are gone after a reload', async ({
  page,
}) => {
  const a = page;
  const b = await page.context().newPage();
  for (const [tab, query] of [
    [a, 'first tab'],
    [b, 'second tab'],
  ] as const) {
    await tab.goto(`/search?query=${encodeURIComponent(query)}`);
    await enterDemoKey(tab);
    await tab.getByRole('button', { name: 'Search · 20 credits' }).click();
    await expect(tab.getByRole('list', { name: 'Organic results' })).toBeVisible();
  }
  await expect.poll(() => storedResults(a)).toMatch(/results:.*results:/);

  await a.getByRole('button', { name: /^Key / }).click();
  await a.getByRole('button', { name: 'Clear key' }).click();
  await expect(a.getByRole('button', { name: 'Set API key' }).first()).toBeVisible();

  // The second tab keeps its key and its answer, and is told what it lost.
  await expect(b.getByRole('list', { name: 'Notices' })).toContainText(
    'The API key was cleared in another tab, so the results stored in this browser were deleted',
  );
  await expect(b.getByTestId('credits-pill')).toHaveText(/credits left/);
  await expect(b.getByRole('list', { name: 'Organic results' })).toBeVisible();
  await expect.poll(() => storedResults(a)).toBe('[]');

  // Neither tab reads them again: the second after a reload, the first under a new key.
  await b.reload();
  await expect(b.getByTestId('credits-pill')).toHaveText(/credits left/);
  await expect(b.getByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
  await expect(b.getByRole('list', { name: 'Organic results' })).toBeHidden();
  await enterDemoKey(a);
  await a.goto('/search?query=second+tab');
  await expect(a.getByRole('button', { name: 'Search · 20 credits' })).toBeEnabled();
  await expect(a.getByRole('list', { name: 'Organic results' })).toBeHidden();
});

test('a tab opened from another shares its key and stored results: what either stores survives a reload of both', async ({
  page,
}) => {
  const a = page;
  await a.goto('/search?query=one');
  await enterDemoKey(a);
  await a.getByRole('button', { name: 'Search · 20 credits' }).click();
  await expect(a.getByText('Fresh result · 20 credits')).toBeVisible();
  // window.open copies the tab's sessionStorage: the same key, the same stored results' id.
  const [b] = await Promise.all([
    a.context().waitForEvent('page'),
    a.evaluate(() => void window.open('/search?query=two')),
  ]);
  await expect(b.getByTestId('credits-pill')).toHaveText(/credits left/);
  await b.getByRole('button', { name: 'Search · 20 credits' }).click();
  await expect(b.getByText('Fresh result · 20 credits')).toBeVisible();
  await expect.poll(() => storedRequests(b)).toContainEqual(expect.stringContaining('"two"'));

  // The first tab, which never saw "two", stores its next answer under the same id.
  await a.getByLabel(/^Query/).fill('three');
  await a.getByRole('button', { name: 'Search · 20 credits' }).click();
  await expect(a.getByText('Fresh result · 20 credits')).toBeVisible();
  await expect.poll(() => storedRequests(a)).toContainEqual(expect.stringContaining('"three"'));

  await b.reload();
  await expect(b.getByTestId('result-source')).toContainText('cached · 0 credits');
  await a.reload();
  await expect(a.getByTestId('result-source')).toContainText('cached · 0 credits');
});
