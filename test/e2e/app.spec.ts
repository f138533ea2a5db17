import { expect, test } from '@playwright/test';
import {
  appLive,
  collectConsoleErrors,
  confirmSubmission,
  enterDemoKey,
  isActionView,
  resetSandbox,
  seriousAxeIssues,
} from './helpers.ts';

const ROUTES = [
  '/',
  '/search',
  '/shorts',
  '/autocomplete',
  '/realty',
  '/screenshot',
  '/account',
  '/webhook',
  '/batch',
  '/trackers',
  '/no-such-page',
];

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('enter the demo key and see the credits in the header', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('SANDBOX', { exact: true })).toBeVisible();
  await enterDemoKey(page);
  await expect(page.getByTestId('credits-pill')).toHaveText('100,000 credits left');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every route renders without a console error and axe finds no serious issue (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await enterDemoKey(page);
    for (const route of ROUTES) {
      await page.goto(route);
      // The live view, not its prerendered picture (decision 024).
      await appLive(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('credits-pill')).toHaveText(/credits left/);
      expect(await seriousAxeIssues(page, route)).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

test('run a search and see it in the inspector; the key is never in storage or a URL', async ({
  page,
}) => {
  const urls: string[] = [];
  page.on('framenavigated', (f) => urls.push(f.url()));
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await enterDemoKey(page);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Search', exact: true })
    .click();
  await page.getByLabel(/^Query/).fill('coffee grinder');
  await page.getByRole('button', { name: 'Search · 20 credits' }).click();
  await expect(
    page.getByRole('list', { name: 'Organic results' }).getByRole('listitem').first(),
  ).toBeVisible();
  const inspector = page.getByRole('region', { name: 'Request inspector' });
  await expect(inspector.getByTestId('response-status')).toHaveText('200');
  await expect(inspector.getByTestId('request-url')).toHaveText(
    'GET /api/search?query=coffee%20grinder&api_key=•••',
  );
  await expect(page.getByTestId('credits-pill')).toHaveText('99,980 credits left');
  expect(page.url()).toContain('/search?query=coffee+grinder');

  await page.reload();
  await expect(page.getByTestId('credits-pill')).toHaveText('99,980 credits left');
  const storage = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookie: document.cookie,
  }));
  expect(storage.local).not.toContain('demo-key');
  expect(storage.cookie).not.toContain('demo-key');
  expect(storage.session).toContain('demo-key');
  urls.push(page.url());
  expect(urls.filter((u) => u.includes('demo-key'))).toEqual([]);
  expect(errors).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every other view runs a request and axe finds no serious issue with its results (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await enterDemoKey(page);
    const runs: [string, RegExp, (p: typeof page) => Promise<void>][] = [
      [
        '/shorts?query=cats',
        /Search shorts/,
        (p) => expect(p.getByRole('list', { name: 'Short videos' })).toBeVisible(),
      ],
      [
        '/autocomplete?query=how+to',
        /Suggest/,
        (p) => expect(p.getByRole('region', { name: 'Suggestions' })).toBeVisible(),
      ],
      [
        '/screenshot?url=https%3A%2F%2Fexample.com%2F&width=640&height=400',
        /Capture/,
        (p) =>
          expect(p.getByRole('img', { name: 'Screenshot of https://example.com/' })).toBeVisible(),
      ],
      [
        '/webhook?url=https%3A%2F%2Fexample.com%2F',
        /Submit job/,
        (p) => expect(p.getByTestId('job-sid')).toHaveText(/^[0-9a-f-]{36}$/),
      ],
    ];
    for (const [route, button, shown] of runs) {
      await page.goto(route);
      await page.getByRole('button', { name: button }).click();
      if (isActionView(route)) await confirmSubmission(page);
      await shown(page);
      expect(await seriousAxeIssues(page, route)).toEqual([]);
    }
    await page.goto('/account');
    await expect(page.getByText('Credits left').first()).toBeVisible();
    expect(await seriousAxeIssues(page, '/account')).toEqual([]);
    // The sandbox's expired thumbnails answer 404 on purpose; the browser logs each one.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
}
