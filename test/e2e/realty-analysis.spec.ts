import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectConsoleErrors, enterDemoKey, resetSandbox, seriousAxeIssues } from './helpers.ts';

const SEATTLE = 'https://www.realty.example/homes/seattle-wa_rb/';
const TILE_HOST = 'tile.openstreetmap.org';

interface RawListing {
  latLong?: { latitude?: unknown; longitude?: unknown };
}
type Point = [lat: number, lng: number];

async function showListings(page: Page, url: string, extra = '') {
  await page.route(`**/*.${TILE_HOST}/**`, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await enterDemoKey(page);
  await page.goto(`/realty?url=${encodeURIComponent(url)}${extra}`);
  await page.getByRole('button', { name: 'Fetch listings · unknown cost' }).click();
  return mapReady(page);
}

/** The map once its markers are drawn (the cluster layer writes its counts when a draw ends). */
async function mapReady(page: Page): Promise<Locator> {
  const map = page.locator('.leaflet-container');
  await expect(map).toHaveAttribute('data-clusters', /^\d+$/, { timeout: 30_000 });
  return map;
}

/** The map's box on screen, once the drawing tools above it have said what to do. */
async function drawingBox(page: Page, map: Locator) {
  await expect(page.getByTestId('area-status')).toHaveText(/^(Drag|Click) on the map/);
  await map.scrollIntoViewIfNeeded();
  return (await map.boundingBox())!;
}

/** The listings' positions as the sandbox sends them (those with usable coordinates). */
async function positions(page: Page, url: string): Promise<Point[]> {
  const res = await page.request.get(`/api/realty?url=${encodeURIComponent(url)}&api_key=demo-key`);
  const listings = ((await res.json()) as { realty_listings: RawListing[] }).realty_listings;
  return listings.flatMap((l) => {
    const { latitude, longitude } = l.latLong ?? {};
    return typeof latitude === 'number' && typeof longitude === 'number'
      ? [[latitude, longitude] as Point]
      : [];
  });
}

/** The shape in the page URL, as numbers. */
function shapeInUrl(page: Page): { kind: string; numbers: number[] } {
  const raw = new URL(page.url()).searchParams.get('shape') ?? '';
  const [kind = '', ...numbers] = raw.split('_');
  return { kind, numbers: numbers.map(Number) };
}

/** How many of the listings lie in the rectangle of the page URL (edges included). */
async function countInUrlRect(page: Page): Promise<number> {
  await expect(page).toHaveURL(/[?&]shape=rect_/);
  const [south, west, north, east] = shapeInUrl(page).numbers as [number, number, number, number];
  return (await positions(page, SEATTLE)).filter(
    ([lat, lng]) => lat >= south && lat <= north && lng >= west && lng <= east,
  ).length;
}

/** Independent of the app's code: the even-odd rule, an edge counting as inside. */
function inPolygon([lat, lng]: Point, corners: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const [ai, bi] = corners[i]!;
    const [aj, bj] = corners[j]!;
    if (ai > lat !== aj > lat && lng < bi + ((lat - ai) * (bj - bi)) / (aj - ai)) inside = !inside;
  }
  return inside;
}

const listHeading = (page: Page) => page.getByRole('heading', { name: /^[\d,]+ listings?$/ });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('a rectangle drawn on the map selects its listings; the list, stats and legend follow, and the URL reproduces it', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page, { ignoreUrl: TILE_HOST });
  const map = await showListings(page, SEATTLE, '&color=price');
  await expect(listHeading(page)).toHaveText('234 listings');
  await page.getByRole('button', { name: 'Draw a rectangle' }).click();
  const box = await drawingBox(page, map);
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.65, { steps: 5 });
  await page.mouse.up();

  const inside = await countInUrlRect(page);
  expect(inside).toBeGreaterThan(5);
  expect(inside).toBeLessThan(200);
  await expect(listHeading(page)).toHaveText(`${inside} listings`);
  await expect(page.getByTestId('stat-count')).toHaveText(`${inside} of 234`);
  await expect(page.getByTestId('area-status')).toHaveText(
    `Showing the ${inside} listings inside the rectangle (9 without coordinates left out).`,
  );
  // The colour scale is of the selection: its bins count the listings in the area.
  const legend = page.getByRole('list', { name: /^Map legend: colour by price/ });
  const counted = (await legend.getByRole('listitem').allTextContents())
    .map((t) => Number(/\((\d+)\)$/.exec(t)?.[1]))
    .reduce((a, b) => a + b, 0);
  expect(counted).toBe(inside);

  // A link (here: the same URL in a new page) reproduces the selection.
  const link = page.url();
  const other = await page.context().newPage();
  await other.route(`**/*.${TILE_HOST}/**`, (route) => route.abort('internetdisconnected'));
  await other.goto('/');
  await enterDemoKey(other);
  await other.goto(link);
  await other.getByRole('button', { name: /^Fetch listings/ }).click();
  await expect(listHeading(other)).toHaveText(`${inside} listings`);
  await other.close();

  await page.getByRole('button', { name: 'Clear area' }).click();
  await expect(listHeading(page)).toHaveText('234 listings');
  await expect(page).not.toHaveURL(/shape=/);
  await expect(page.getByRole('button', { name: 'Clear area' })).toBeDisabled();
  expect(errors).toEqual([]);
});

test('a polygon drawn by clicks selects the listings inside it, checked against the raw answer, with axe', async ({
  page,
}) => {
  const map = await showListings(page, SEATTLE);
  await page.getByRole('button', { name: 'Draw a polygon' }).click();
  await expect(page.getByRole('button', { name: 'Draw a polygon' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const box = await drawingBox(page, map);
  const at = (fx: number, fy: number) => ({
    x: box.x + box.width * fx,
    y: box.y + box.height * fy,
  });
  // A concave outline, corners over listings' dots as they may fall.
  for (const [fx, fy] of [
    [0.25, 0.25],
    [0.75, 0.3],
    [0.45, 0.45],
    [0.7, 0.75],
    [0.3, 0.7],
  ] as const) {
    const { x, y } = at(fx, fy);
    await page.mouse.click(x, y);
  }
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/[?&]shape=poly_/);
  const { numbers } = shapeInUrl(page);
  expect(numbers).toHaveLength(10);
  const corners = Array.from(
    { length: 5 },
    (_, i) => [numbers[2 * i], numbers[2 * i + 1]] as Point,
  );
  const inside = (await positions(page, SEATTLE)).filter((p) => inPolygon(p, corners)).length;
  expect(inside).toBeGreaterThan(5);
  await expect(listHeading(page)).toHaveText(`${inside} listings`);
  await expect(page.getByTestId('stat-count')).toHaveText(`${inside} of 234`);
  await expect(page.getByRole('button', { name: 'Draw a polygon' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.locator('path.realty-area')).toBeVisible();
  expect(await seriousAxeIssues(page, 'area drawn')).toEqual([]);
});

test('"Only listings in the visible map area" selects what the map shows, without a pointer', async ({
  page,
}) => {
  const map = await showListings(page, SEATTLE);
  await map.evaluate((el: HTMLElement) => delete el.dataset.clusters);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await mapReady(page);
  const button = page.getByRole('button', { name: 'Only listings in the visible map area' });
  await button.focus();
  await page.keyboard.press('Enter');
  const inside = await countInUrlRect(page);
  expect(inside).toBeLessThan(234 - 9);
  await expect(listHeading(page)).toHaveText(`${inside} listings`);
  await expect(page.getByTestId('area-status')).toHaveText(
    `Showing the ${inside} listings inside the rectangle (9 without coordinates left out).`,
  );
});

test('pinned listings survive a reload by their id, side by side in the compare tray, with axe', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page, { ignoreUrl: TILE_HOST });
  await showListings(page, SEATTLE, '&color=ppa');
  const list = page.getByRole('listbox', { name: 'Listings' });
  const drawer = page.getByRole('dialog');
  const keys: string[] = [];
  for (const i of [0, 2, 3]) {
    const row = list.getByRole('option').nth(i);
    keys.push((await row.getAttribute('data-key'))!);
    await row.click();
    await drawer.getByRole('button', { name: 'Pin to compare' }).click();
    await expect(drawer.getByRole('button', { name: 'Pinned to compare' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
  const tray = page.getByRole('region', { name: 'Compare (3 of 4)' });
  await expect(tray.getByRole('columnheader')).toHaveCount(3);
  const columns = await tray.getByRole('columnheader').allTextContents();
  const addresses = await Promise.all(
    keys.map((k) => list.locator(`[data-key="${k}"] span.block`).last().textContent()),
  );
  columns.forEach((c, i) => expect(c).toContain(addresses[i]!.replace(/ · not on the map$/, '')));
  expect(await seriousAxeIssues(page, 'compare tray')).toEqual([]);

  await page.reload();
  const restored = page.getByRole('region', { name: 'Compare (3 of 4)' });
  await expect(restored.getByRole('columnheader')).toHaveCount(3);
  expect(await restored.getByRole('columnheader').allTextContents()).toEqual(columns);
  for (const k of keys)
    await expect(list.locator(`[data-key="${k}"]`).getByText('Pinned')).toBeVisible();
  expect(errors).toEqual([]);
});

test('axe finds no serious issue with every part of the analysis on screen, in the dark', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const miami = 'https://www.realty.example/homes/miami-fl_rb/';
  await showListings(page, miami, '&color=days&unit=m2');
  await expect(page.getByTestId('cut-off')).toBeVisible();
  await page.getByRole('button', { name: 'Only listings in the visible map area' }).click();
  await expect(page.getByTestId('area-status')).toHaveText(/^Showing the/);
  await page.getByRole('listbox', { name: 'Listings' }).getByRole('option').first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Pin to compare' }).click();
  await expect(drawer.getByTestId('drawer-gap')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Compare (1 of 4)' })).toBeVisible();
  expect(await seriousAxeIssues(page, 'analysis, dark')).toEqual([]);
});

test('at 1280 × 800 the map starts above the fold, "Fit all" brings back every listing after a click zoomed in, and the compare tray stays at the foot of the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const map = await showListings(page, SEATTLE);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect((await map.boundingBox())!.y).toBeLessThan(800 - 200);
  const opened = await map.getAttribute('data-clusters');
  const list = page.getByRole('listbox', { name: 'Listings' });
  await list.getByRole('option').first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Pin to compare' }).click();
  await page.keyboard.press('Escape');
  await expect(map).not.toHaveAttribute('data-clusters', opened!);
  await page.getByRole('button', { name: 'Fit all' }).click();
  await expect(map).toHaveAttribute('data-clusters', opened!);
  const tray = page.getByRole('region', { name: 'Compare (1 of 4)' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(tray).toBeInViewport();
  expect(Math.round((await tray.boundingBox())!.y + (await tray.boundingBox())!.height)).toBe(800);
});
