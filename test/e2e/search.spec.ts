import { expect, test } from '@playwright/test';
import { collectConsoleErrors, enterDemoKey, resetSandbox, seriousAxeIssues } from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`search, spotlight, compare and export in Chromium, with no serious axe issue (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const errors = collectConsoleErrors(page);

    // A shared link fills the form and runs nothing.
    await page.goto('/search?query=best+running+shoes&country=us&vs_country=gb');
    await enterDemoKey(page);
    await expect(page.getByTestId('credits-pill')).toHaveText('100,000 credits left');
    await expect(page.getByLabel(/^Query/)).toHaveValue('best running shoes');
    await expect(page.getByTestId('country-name')).toHaveText('United States');

    await page.getByRole('button', { name: 'Search · 20 credits' }).click();
    const results = page.getByRole('list', { name: 'Organic results' });
    await expect.poll(() => results.locator(':scope > li').count()).toBeGreaterThanOrEqual(9);
    await expect(page.getByTestId('results-header')).toHaveText(/^\d+ results · .+ · 20 credits$/);
    await expect(page.getByTestId('credits-pill')).toHaveText('99,980 credits left');

    await page.getByLabel('Domain spotlight').fill('wikipedia.org');
    await expect(page.getByTestId('spotlight-summary')).toHaveText(
      /^wikipedia\.org: (#\d+(, #\d+)*|not in these results)$/,
    );

    // Only the second pair costs now: the first is cached.
    await page.getByRole('button', { name: 'Compare · 20 credits' }).click();
    await expect(page.getByRole('list', { name: 'GB · en results' })).toBeVisible();
    await expect(page.getByTestId('compare-summary')).toHaveText(
      /\d+ in common · \d+ only in GB \(en\) · \d+ only in US \(en\)/,
    );
    await expect(page.getByTestId('credits-pill')).toHaveText('99,960 credits left');

    const download = page.waitForEvent('download');
    await page
      .getByRole('group', { name: 'Export results' })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    expect((await download).suggestedFilename()).toMatch(
      /^search_best-running-shoes_us_en_\d{4}-\d{2}-\d{2}\.csv$/,
    );

    expect(await seriousAxeIssues(page, 'search')).toEqual([]);
    expect(errors).toEqual([]);
  });
}
