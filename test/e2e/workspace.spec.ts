import { expect, test } from '@playwright/test';
import {
  appLive,
  collectConsoleErrors,
  searchWithDemoKey,
  resetSandbox,
  seriousAxeIssues,
} from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('results survive a reload (a screenshot too), and history reopens a search for 0 credits', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const results = await searchWithDemoKey(page, 'workspace tea');
  await expect(page.getByTestId('credits-pill')).toHaveText('99,980 credits left');

  await page.goto('/screenshot?url=https%3A%2F%2Fexample.com%2F');
  await page.getByRole('button', { name: 'Capture · 5 credits' }).click();
  const shot = page.getByRole('img', { name: 'Screenshot of https://example.com/' });
  await expect(shot).toBeVisible();
  await expect(page.getByTestId('credits-pill')).toHaveText('99,975 credits left');

  // A reload keeps the paid answers: the screenshot's bytes come back from IndexedDB.
  await page.reload();
  await expect(shot).toBeVisible();
  await expect
    .poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByTestId('result-source')).toContainText('cached · 0 credits');

  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'History' })
    .click();
  const history = page.getByRole('list', { name: 'Request history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  expect(await seriousAxeIssues(page, '/history')).toEqual([]);
  await history.getByRole('link', { name: 'Search “workspace tea”' }).click();

  await expect(results.locator(':scope > li').first()).toBeVisible();
  await expect(page.getByTestId('result-source')).toContainText('cached · 0 credits');
  await expect(page.getByTestId('credits-pill')).toHaveText('99,975 credits left');
  expect(errors).toEqual([]);
});

test('a saved snapshot opens from a file in another tab, without a key, spending nothing', async ({
  page,
  browser,
}) => {
  const results = await searchWithDemoKey(page, 'snapshot demo');
  const before = await results.textContent();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  const file = await (await downloading).path();

  const other = await browser.newContext();
  const demo = await other.newPage();
  const errors = collectConsoleErrors(demo);
  await demo.goto(page.url().replace(/\/search.*$/, '/history'));
  await appLive(demo);
  await demo.getByLabel('Open snapshot').setInputFiles(file);
  await expect(demo.getByText(/^Snapshot from/)).toBeVisible();
  await expect(demo.getByRole('list', { name: 'Organic results' })).toHaveText(before ?? '');
  expect(await seriousAxeIssues(demo, 'snapshot')).toEqual([]);
  const ledger = (await (await demo.request.get('/api/_sandbox')).json()) as {
    calls: { endpoint: string }[];
  };
  expect(ledger.calls.filter((c) => c.endpoint === '/search')).toHaveLength(1);
  expect(errors).toEqual([]);
  await other.close();
});
