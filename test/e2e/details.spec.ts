import { expect, test, type Locator, type Page } from '@playwright/test';
import { enterDemoKey, resetSandbox, seriousAxeIssues } from './helpers.ts';

// Issue 40: layout a test in jsdom cannot measure, on a 412 px phone, in one lean file.
const PHONE = { width: 412, height: 860 };
const SEATTLE = 'https://www.realty.example/homes/seattle-wa_rb/';

/** How far `inner` sticks out of `outer`'s visible box, left and right (0 when inside). */
async function overhang(outer: Locator, inner: Locator) {
  const [o, i] = [await outer.boundingBox(), await inner.boundingBox()];
  if (!o || !i) throw new Error('not on screen');
  return Math.max(0, o.x - i.x) + Math.max(0, i.x + i.width - (o.x + o.width));
}

async function fetchSeattle(page: Page) {
  await page.route('**/*.tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await enterDemoKey(page);
  await page.goto(`/realty?url=${encodeURIComponent(SEATTLE)}`);
  await page.getByRole('button', { name: /^Fetch listings/ }).click();
}

test.beforeEach(async ({ request }) => resetSandbox(request));

test('on a phone the active view’s nav link is scrolled into the row, and the medians fit', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await fetchSeattle(page);
  const nav = page.getByRole('navigation', { name: 'Views' });
  const active = nav.getByRole('link', { name: 'Realty map' });
  await expect(active).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => overhang(nav, active)).toBe(0);
  const medians = page.getByTestId('medians').first();
  await expect(medians).toBeVisible({ timeout: 30_000 });
  const box = medians.locator('xpath=..');
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
});

test('the sandbox panel fits a phone and axe finds no serious issue in it', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByText('SANDBOX', { exact: true }).click();
  const latency = page.getByRole('spinbutton', { name: 'Latency (ms)' });
  await expect(latency).toHaveValue(/^\d+$/);
  const panel = page.locator('details[open] > div');
  const body = page.locator('body');
  expect(await overhang(body, panel)).toBe(0);
  expect(await seriousAxeIssues(page, 'sandbox panel')).toEqual([]);
});
