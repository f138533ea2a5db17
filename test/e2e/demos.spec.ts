import { expect, test, type BrowserContext, type Page } from '@playwright/test';
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

/** Adds the answer on screen to "My demo" (a new script the first time, then offered first). */
async function addThisResult(page: Page) {
  await page.getByRole('button', { name: 'Add this result' }).click();
  await page.getByRole('button', { name: 'Add step' }).click();
  await expect(page.getByRole('link', { name: '“My demo”' })).toBeVisible();
}

/**
 * A context whose dashboard has no upstream at all: every request to /api but the dashboard
 * server's own description of itself is refused, and listed.
 */
async function withoutUpstream(context: BrowserContext): Promise<string[]> {
  const sent: string[] = [];
  await context.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/_dashboard/meta') return route.continue();
    sent.push(url.pathname);
    return route.abort('connectionrefused');
  });
  return sent;
}

const player = (page: Page) => page.getByRole('button', { name: /^Leave demo/ });

test('a recorded script plays in another browser with no key and no upstream, sending nothing', async ({
  page,
  browser,
}) => {
  const results = await searchWithDemoKey(page, 'demo tea');
  const searchText = await results.textContent();
  await addThisResult(page);

  await page.goto('/screenshot?url=https%3A%2F%2Fexample.com%2F');
  await page.getByRole('button', { name: 'Capture · 5 credits' }).click();
  await expect(page.getByRole('img', { name: 'Screenshot of https://example.com/' })).toBeVisible();
  await addThisResult(page);

  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Credits left' })).toBeVisible();
  await addThisResult(page);

  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Demos' })
    .click();
  const scripts = page.getByRole('list', { name: 'Demo scripts' });
  await expect(scripts.getByRole('listitem')).toHaveCount(1);
  await expect(scripts).toContainText('3 steps');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download “My demo”' }).click();
  const file = await (await downloading).path();

  const other = await browser.newContext();
  const sent = await withoutUpstream(other);
  const demo = await other.newPage();
  const errors = collectConsoleErrors(demo);
  await demo.goto(page.url());
  await appLive(demo);
  await demo.getByLabel('Open script').setInputFiles(file);
  await expect(demo.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(3);
  await demo.getByRole('button', { name: 'Play “My demo”' }).click();

  await expect(demo).toHaveURL(/\/search\?query=demo\+tea$/);
  await expect(demo.getByText(/^Snapshot from/)).toBeVisible();
  await expect(demo.getByRole('list', { name: 'Organic results' })).toHaveText(searchText ?? '');
  await expect(demo.locator('html')).toHaveAttribute('data-presenter', 'on');
  expect(await seriousAxeIssues(demo, 'demo step 1')).toEqual([]);

  await demo.keyboard.press('ArrowRight');
  await expect(demo).toHaveURL(/\/screenshot\?url=/);
  const shot = demo.getByRole('img', { name: 'Screenshot of https://example.com/' });
  await expect(shot).toBeVisible();
  await expect
    .poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await demo.keyboard.press('ArrowRight');
  await expect(demo).toHaveURL(/\/account$/);
  await expect(demo.getByRole('region', { name: 'Credits left' })).toBeVisible();
  await expect(demo.getByText(/^Snapshot from/)).toBeVisible();

  await demo.keyboard.press('Escape');
  await expect(player(demo)).toBeHidden();
  await expect(demo.locator('html')).not.toHaveAttribute('data-presenter', 'on');
  expect(sent).toEqual([]);
  expect(errors).toEqual([]);
  await other.close();
});

test('the first visit in sandbox mode offers the tour, which walks through every view and spends nothing', async ({
  page,
}) => {
  // The realty step's map probes a tile (offline here); the shorts step has a thumbnail the
  // sandbox serves as expired on purpose, as scraped image links are.
  const errors = collectConsoleErrors(page, { ignoreUrl: ['tile.openstreetmap', '-expired.jpg'] });
  await page.goto('/');
  const offer = page.getByRole('complementary', { name: 'Tour' });
  await offer.getByRole('button', { name: 'Take the tour' }).click();
  await expect(player(page)).toBeVisible();
  const paths = [
    '/search',
    '/shorts',
    '/autocomplete',
    '/realty',
    '/screenshot',
    '/account',
    '/webhook',
    '/batch',
  ];
  for (const [i, path] of paths.entries()) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
    await expect(page.getByRole('region', { name: 'Demo player' })).toContainText(
      `step ${i + 1} of ${paths.length}`,
    );
    if (path !== '/batch') await expect(page.getByText(/^Snapshot from/)).toBeVisible();
  }
  // The batch step: the view's form, filled and priced; nothing is sent until Run.
  await expect(page.getByRole('textbox', { name: 'Queries' })).toHaveValue(/^espresso machines\n/);
  await expect(page.getByTestId('batch-plan')).toContainText('Requests: 12');
  expect(await seriousAxeIssues(page, 'tour, last step')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(player(page)).toBeHidden();

  // Taken once, the tour is not offered again; it stays among the scripts.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(offer).toBeHidden();
  await page.goto('/demos');
  await expect(page.getByRole('list', { name: 'Demo scripts' })).toContainText(
    'Tour of the dashboard',
  );
  const ledger = (await (await page.request.get('/api/_sandbox')).json()) as {
    calls: unknown[];
  };
  expect(ledger.calls).toEqual([]);
  expect(errors).toEqual([]);
});
