import { expect, test, type Locator } from '@playwright/test';
import { collectConsoleErrors, enterDemoKey, resetSandbox, seriousAxeIssues } from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** True once an image has arrived and decoded (a broken or pending one has no natural width). */
const loaded = (img: Locator) =>
  img.evaluate(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
  );

for (const colorScheme of ['light', 'dark'] as const) {
  test(`search shorts, hover a preview, page forward and open a detail in Chromium, with no serious axe issue (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    // Expired thumbnails answer 404 by design (they show the placeholder): the browser logs them.
    const errors = collectConsoleErrors(page, { ignoreUrl: '-expired.jpg' });
    await page.goto('/shorts?query=street+food');
    await enterDemoKey(page);
    await page.getByRole('button', { name: /^Search shorts ·/ }).click();

    const grid = page.getByRole('list', { name: 'Short videos' });
    const cards = grid.locator(':scope > li');
    await expect(cards).toHaveCount(10);
    // The first stills arrive from the sandbox's media route.
    await expect.poll(() => loaded(cards.first().locator('img[data-still]'))).toBe(true);

    // Hovering plays the animated preview of that card only, fetched only now.
    const gifs: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.gif')) gifs.push(r.url());
    });
    await cards.nth(2).hover();
    const preview = cards.nth(2).locator('img[data-preview]');
    await expect(preview).toHaveAttribute('src', /\/api\/_sandbox\/shorts\/\d+\.gif$/);
    await expect.poll(() => loaded(preview)).toBe(true);
    expect(gifs).toHaveLength(1);
    await expect(grid.locator('img[data-preview]')).toHaveCount(1);
    expect(await seriousAxeIssues(page, 'shorts grid')).toEqual([]);

    // Page forward: start=10 in the page URL and other videos on screen.
    const firstTitle = await cards.first().getByTestId('video-title').textContent();
    await page.getByRole('button', { name: /^Next page ·/ }).click();
    await expect(page).toHaveURL(/[?&]start=10(&|$)/);
    await expect(cards.first().getByTestId('video-title')).not.toHaveText(firstTitle ?? '');

    // Open a detail from the keyboard.
    await cards.first().getByRole('button').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Open video/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect.poll(() => loaded(dialog.getByRole('img', { name: /^Preview of/ }))).toBe(true);
    expect(await seriousAxeIssues(page, 'shorts detail')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The radio itself is visually hidden; its label is the visible switch.
    await page.locator('label', { hasText: /^List$/ }).click();
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await expect(page).toHaveURL(/layout=list/);
    expect(await seriousAxeIssues(page, 'shorts list')).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('html=true shows the page in a sandboxed frame where its script does not run', async ({
  page,
}) => {
  await page.goto('/shorts?query=cats&html=true');
  await enterDemoKey(page);
  await page.getByRole('button', { name: /^Search shorts ·/ }).click();
  const frameElement = page.getByTitle('HTML answer for “cats”');
  await expect(frameElement).toHaveAttribute('sandbox', '');
  const frame = page.frameLocator('iframe[title="HTML answer for “cats”"]');
  await expect(frame.getByRole('heading', { name: 'Short videos for “cats”' })).toBeVisible();
  // The page's own script would mark its body and retitle this page.
  await expect(frame.locator('body')).not.toHaveAttribute('data-script-ran', /.*/);
  // (The title itself moves with the credits left, so only the script's retitling is checked.)
  await expect(page).toHaveTitle(/ · Web Data Dashboard$/);
  // axe cannot look into a frame that runs no script, so it checks the page with the source shown.
  await page.getByRole('button', { name: 'View source' }).click();
  await expect(page.getByRole('textbox', { name: 'HTML source' })).toBeVisible();
  expect(await seriousAxeIssues(page, 'shorts html')).toEqual([]);
});

test('on a phone the grid has two columns and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shorts?query=street+food');
  await enterDemoKey(page);
  await page.getByRole('button', { name: /^Search shorts ·/ }).click();
  const cards = page.getByRole('list', { name: 'Short videos' }).locator(':scope > li');
  await expect(cards).toHaveCount(10);
  const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
  expect(a?.y).toBe(b?.y);
  expect(c!.y).toBeGreaterThan(a!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
    0,
  );
  await cards.nth(3).getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
    0,
  );
});

test('with reduced motion hovering loads no preview; its button plays it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const gifs: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.gif')) gifs.push(r.url());
  });
  await page.goto('/shorts?query=street+food');
  await enterDemoKey(page);
  await page.getByRole('button', { name: /^Search shorts ·/ }).click();
  const cards = page.getByRole('list', { name: 'Short videos' }).locator(':scope > li');
  const card = cards.first();
  await card.hover();
  await card.getByRole('button').first().focus();
  // Another card's button plays its preview: once that has rendered, so would have anything
  // the hover and the focus above started (a check for no preview right after them could pass
  // before a wrongly started one had rendered).
  const other = cards.nth(1);
  await other.getByRole('button', { name: /^Play preview/ }).click();
  await expect.poll(() => loaded(other.locator('img[data-preview]'))).toBe(true);
  await expect(card.locator('img[data-preview]')).toHaveCount(0);
  expect(gifs).toHaveLength(1);
});
