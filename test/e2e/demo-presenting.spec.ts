import { expect, test, type Page } from '@playwright/test';
import { enterDemoKey, layoutShifts, recordLayoutShifts, resetSandbox } from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const player = (page: Page) => page.getByRole('region', { name: 'Demo player' });

async function takeTheTour(page: Page) {
  await page.goto('/demos');
  await page.getByRole('button', { name: 'Take the tour' }).first().click();
  await expect(player(page)).toBeVisible();
}

/** Whether the player's step title is what the screen shows at its middle (nothing over it). */
const titleOnTop = (page: Page) =>
  player(page)
    .getByRole('heading')
    .evaluate((title) => {
      const r = title.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && title.contains(top);
    });

test('the tour grows to presenter size with the click, so nothing moves when its first step arrives late', async ({
  page,
}) => {
  // A phone reading the tour for more than half a second: a page that moves then moves on its
  // own, not after the click (a layout shift; Lighthouse's /demos flow, CLS 0.217, issue 41).
  await page.route('**/api/_sandbox/tour', async (route) => {
    await new Promise((later) => setTimeout(later, 800));
    await route.continue();
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await recordLayoutShifts(page);
  await page.goto('/demos');
  const tour = page.getByRole('button', { name: 'Take the tour' });
  await expect(tour).toBeEnabled();
  // The page's own arrival (the offer shows once the sandbox is known) is not the tour's.
  const beforeClick = (await layoutShifts(page)).length;
  await tour.click();
  await expect(player(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Snapshot from/ })).toBeVisible();
  expect((await layoutShifts(page)).slice(beforeClick)).toEqual([]);
});

test('the realty step lands on its map under an uncovered caption, says where it came from, and the header has its credits after the demo', async ({
  page,
}) => {
  await page.goto('/');
  await enterDemoKey(page);
  await takeTheTour(page);
  await player(page)
    .getByRole('button', { name: /^Step 4: / })
    .click();
  await expect(page).toHaveURL(/\/realty\?/);
  const map = page.getByTestId('listing-map');
  await expect(map.locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Snapshot from/ })).toContainText(
    'step 4 of the demo “Tour of the dashboard”, as recorded',
  );
  // The map at the top of the screen, above the bar; the caption over the map's panes.
  await expect
    .poll(async () => {
      const [mapBox, barBox] = [await map.boundingBox(), await player(page).boundingBox()];
      return mapBox && barBox && mapBox.y >= 0 && mapBox.y < barBox.y - 200;
    })
    .toBe(true);
  expect(await titleOnTop(page)).toBe(true);

  // Through the account step (its refresh is held while the demo plays) and out.
  await player(page)
    .getByRole('button', { name: /^Step 6: / })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Credits left' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(player(page)).toBeHidden();
  await expect(page.getByTestId('credits-pill')).toHaveText(/[\d,]+ credits left/);
});

test('on a 412 px phone presenter mode can be switched on and the caption takes at most a quarter of the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/');
  const presenter = page.getByRole('switch', { name: 'Presenter mode' });
  await presenter.click();
  await expect(page.locator('html')).toHaveAttribute('data-presenter', 'on');
  await presenter.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-presenter', 'on');

  await takeTheTour(page);
  // Each step shows its title first, though a dot was scrolled to in the bar.
  for (const step of [2, 4, 8]) {
    await player(page)
      .getByRole('button', { name: new RegExp(`^Step ${step}: `) })
      .click();
    await expect(player(page)).toContainText(`step ${step} of 8`);
    const bar = await player(page).boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(915 / 4);
    expect(await titleOnTop(page)).toBe(true);
  }
});

test('a shorts step with its preview open leaves the caption uncovered, on a desktop and on a 412 px phone', async ({
  page,
}) => {
  await page.goto('/');
  await enterDemoKey(page);
  await page.goto('/shorts?query=cats');
  await page.getByRole('button', { name: /^Search shorts · / }).click();
  const cards = page.getByRole('list', { name: 'Short videos' }).getByRole('listitem');
  await cards.first().getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add this result' }).click();
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await expect(dialog.getByRole('link', { name: '“My demo”' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/demos');
  await page.getByRole('button', { name: 'Play “My demo”' }).click();
  await expect(player(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect.poll(() => titleOnTop(page)).toBe(true);
  // The dialog's dimmed layer ends where the bar begins.
  const [layer, bar] = [
    await page.getByRole('dialog').evaluate((d) => d.parentElement!.getBoundingClientRect().bottom),
    (await player(page).boundingBox())!.y,
  ];
  expect(layer).toBeLessThanOrEqual(bar + 1);

  await page.setViewportSize({ width: 412, height: 915 });
  await expect.poll(() => titleOnTop(page)).toBe(true);
  expect((await player(page).boundingBox())!.height).toBeLessThanOrEqual(915 / 4);
});
