import { expect, test } from '@playwright/test';
import { enterDemoKey, resetSandbox } from './helpers.ts';

const SEATTLE = 'https://www.realty.example/homes/seattle-wa_rb/';

/*
 * At a 1280 px window realty's listing drawer (fixed at the right) lay over the end of the
 * result bar, and with it over "Add step" of "Add this result": the choice is drawn over it.
 */
test('Add step is visible and takes the click while realty’s listing drawer is open at 1280 px', async ({
  page,
  request,
}) => {
  await resetSandbox(request);
  await page.route('**/*.tile.openstreetmap.org/**', (route) =>
    route.abort('internetdisconnected'),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await enterDemoKey(page);
  await page.goto(`/realty?url=${encodeURIComponent(SEATTLE)}`);
  await page.getByRole('button', { name: 'Fetch listings · unknown cost' }).click();
  await page.getByRole('listbox', { name: 'Listings' }).getByRole('option').nth(1).click();
  const drawer = page.getByTestId('listing-drawer');
  await expect(drawer).toBeVisible();
  await page.getByRole('button', { name: 'Add this result' }).click();

  const add = page.getByRole('button', { name: 'Add step' });
  await expect(add).toBeInViewport();
  // What a pointer at the button's middle meets is the button, not the drawer.
  const box = (await add.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe('Add step');
  await add.click({ timeout: 5000 });
  await expect(page.getByRole('link', { name: '“My demo”' })).toBeVisible();
  // The drawer is still open: adding the step changed nothing on the page.
  await expect(drawer).toBeVisible();
});
