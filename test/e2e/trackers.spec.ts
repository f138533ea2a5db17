import { expect, test } from '@playwright/test';
import {
  appLive,
  collectConsoleErrors,
  enterDemoKey,
  resetSandbox,
  seriousAxeIssues,
} from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const QUERIES = [
  'coffee',
  'climate change',
  'python list comprehension',
  'vitamin d deficiency symptoms',
];

test('a tracker made from a batch (its first run) runs again after a sandbox drift, shows its movers and a chart, and goes out and back in as a file, with no serious axe issue', async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/batch');
  await appLive(page);
  await enterDemoKey(page);
  await page.getByRole('textbox', { name: 'Queries' }).fill(QUERIES.join('\n'));
  await page.getByRole('button', { name: /^Run batch · 4 requests/ }).click();
  await expect(page.getByTestId('batch-progress')).toHaveText(/^4 done/, { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Target domain' }).fill('wikipedia.org');
  await page.getByRole('textbox', { name: 'Tracker name' }).fill('Wiki');
  await page.getByRole('button', { name: 'Save as tracker' }).click();

  await expect(page).toHaveURL(/\/trackers\?tracker=/);
  await expect(page.getByRole('heading', { name: 'Wiki', level: 2 })).toBeVisible();
  // The batch's answers are its first run: paid there, nothing asked again.
  const runs = page.getByRole('table', { name: /Every run of this tracker/ });
  await expect(runs.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  await expect(runs).toContainText('done — the batch it was saved from');
  // Any move is an alert, posted to the sandbox's webhook inbox.
  await page.getByRole('textbox', { name: 'Target moves by at least' }).fill('1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('button', { name: 'Move the sandbox a day on' }).click();
  await expect(page.getByText('The sandbox is now at day 1.')).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(runs.getByRole('row', { name: /done/ })).toHaveCount(2, { timeout: 30_000 });

  const digest = page.getByTestId('movers-digest');
  await expect(digest).toContainText(/since/);
  const movers = page.getByRole('table', { name: /Movers/ });
  await expect(movers.getByRole('row')).toHaveCount(QUERIES.length + 1);
  await movers.getByRole('button', { name: 'coffee' }).click();
  const chart = page.getByRole('img', { name: /Position history of wikipedia.org for “coffee”/ });
  await expect(chart).toBeVisible();
  // Brought into view where it opens, below the movers.
  await expect(chart).toBeInViewport();
  // Two runs (a sandbox day apart, but maybe within one wall-clock second): two labels.
  const axis = await chart.locator('text[data-axis="x"]').allTextContents();
  expect(axis).toHaveLength(2);
  expect(new Set(axis).size).toBe(2);
  await expect(page.getByRole('region', { name: 'SERP diff: coffee' })).toBeVisible();
  expect(await seriousAxeIssues(page, '/trackers with movers and a chart')).toEqual([]);
  const digestText = await digest.textContent();

  await expect(page.getByTestId('alerts-badge')).toHaveText(/^\d+ new$/);
  await expect(page.getByTestId('alerts-delivered')).toContainText('1 notice received');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tracker file' }).click();
  const file = await (await downloading).path();

  // Another browser profile (nothing stored) imports the file: the same tracker, runs and movers.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  const otherErrors = collectConsoleErrors(fresh);
  await fresh.goto('/trackers');
  await appLive(fresh);
  await expect(fresh.getByText('No tracker yet.')).toBeVisible();
  await fresh.getByLabel('Import trackers').setInputFiles(file);
  await expect(fresh.getByRole('heading', { name: 'Wiki', level: 2 })).toBeVisible();
  await expect(
    fresh
      .getByRole('table', { name: /Every run of this tracker/ })
      .getByRole('row', { name: /done/ }),
  ).toHaveCount(2);
  await expect(fresh.getByTestId('movers-digest')).toHaveText(digestText!);
  expect(await seriousAxeIssues(fresh, '/trackers imported')).toEqual([]);
  // Opened again by its address (a reload) with the app's code held back at the network: the
  // page draws the tracker's first screen from storage by itself (tracker-first-screen.ts,
  // decision 126), the same movers; then the app takes over and shows them too.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((release) => (releaseApp = release));
  await fresh.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  // (not until "load": the held script holds the page's load event)
  await fresh.reload({ waitUntil: 'commit' });
  const drawnByPage = fresh.locator('#root[inert]');
  await expect(drawnByPage.locator('[role="row"]')).toHaveCount(QUERIES.length + 1);
  await expect(drawnByPage.getByTestId('movers-digest')).toHaveText(digestText!);
  releaseApp();
  await appLive(fresh);
  await expect(fresh.getByTestId('movers-digest')).toHaveText(digestText!);
  expect(otherErrors).toEqual([]);
  await other.close();

  // The webhook view's sandbox inbox lists the alerts among its deliveries.
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Webhooks' })
    .click();
  await expect(
    page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first(),
  ).toContainText(/Notice: \d+ alerts? of tracker “Wiki” · received/);
  expect(await seriousAxeIssues(page, '/webhook with a tracker’s notice')).toEqual([]);
  expect(errors).toEqual([]);
});
