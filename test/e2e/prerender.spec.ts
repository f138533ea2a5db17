import { expect, test } from '@playwright/test';
import {
  appLive,
  collectConsoleErrors,
  enterDemoKey,
  layoutShifts,
  recordLayoutShifts,
} from './helpers.ts';

// Each view's page arrives with the view already in it (decision 024): a picture of the view,
// inert, which the app replaces with the live view once its code has loaded.
const VIEWS: [path: string, heading: string][] = [
  ['/', 'Overview'],
  ['/shorts', 'Short videos'],
  ['/search', 'Search'],
  ['/autocomplete', 'Autocomplete'],
  ['/realty', 'Realty map'],
  ['/screenshot', 'Screenshot'],
  ['/account', 'Account'],
  ['/webhook', 'Webhook jobs'],
  ['/history', 'Request history'],
  ['/batch', 'Batch'],
];

test('every view’s page shows the view before any of the app’s code has run, and nothing can be typed into it', async ({
  page,
}) => {
  // The app's entry never arrives: what is on screen is the page itself.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  for (const [path, heading] of VIEWS) {
    await page.goto(path);
    await expect(page.locator('#root[inert] main h1'), path).toHaveText(heading);
    await expect(page.locator('#root[inert] header nav')).toContainText('History');
  }
  await page.goto('/search');
  const query = page.locator('#root[inert] input').first();
  await query.click({ force: true });
  await page.keyboard.type('lost');
  await expect(query).toHaveValue('');
});

test('the app takes each view over where it stands: the same heading, no layout shift, no error', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await recordLayoutShifts(page);
  for (const [path, heading] of VIEWS) {
    await page.goto(path);
    await expect(page.locator('#root:not([inert]) main h1'), path).toHaveText(heading);
    // The server says which upstream it is (the header's badge; the sandbox's sample queries).
    await expect(page.getByText('SANDBOX', { exact: true })).toBeVisible();
    expect(await layoutShifts(page), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('a deep link’s parameters are in the live view, and a path no view has gets the app’s own page', async ({
  page,
}) => {
  await page.goto('/search?query=coffee%20roasters');
  await appLive(page);
  await expect(page.getByRole('textbox', { name: /query/i }).first()).toHaveValue(
    'coffee roasters',
  );
  await enterDemoKey(page);
  await expect(page.getByRole('button', { name: /^Search · / })).toBeEnabled();

  const shell = await (await page.request.get('/no-such-view')).text();
  expect(shell).toContain('<div id="root"></div>');
  await page.goto('/no-such-view');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('presenter mode scales the page before the app loads, as the app does', async ({ page }) => {
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.addInitScript(() => sessionStorage.setItem('web-data-dashboard.presenter', 'on'));
  await page.goto('/account');
  await expect(page.locator('#root[inert] main h1')).toHaveText('Account');
  await expect(page.locator('html')).toHaveAttribute('data-presenter', 'on');
});
