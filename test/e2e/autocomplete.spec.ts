import { expect, test } from '@playwright/test';
import { collectConsoleErrors, enterDemoKey, resetSandbox, seriousAxeIssues } from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`typing into the search box shows live suggestions, the keyboard picks one, expansion fills the table, with no serious axe issue (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const errors = collectConsoleErrors(page);
    await page.goto('/autocomplete');
    await enterDemoKey(page);
    // Off by default: a pause costs the sandbox's 2 credits, unknown until measured.
    await expect(page.getByRole('switch', { name: 'Live typing' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'Live typing' }).click();

    const box = page.getByRole('combobox', { name: /Query/ });
    await box.pressSequentially('coffee', { delay: 60 });
    await expect(box).toHaveValue('coffee');
    const region = page.getByRole('region', { name: 'Suggestions' });
    await expect(region).toHaveAttribute('data-query', 'coffee');
    await expect(region.getByRole('listitem').first()).toBeVisible();
    // One request per pause in the typing: on a loaded machine the browser itself may pause
    // between two keys, so how many that took is not fixed here (test/integration/autocomplete
    // checks one per pause on a fake clock).
    await expect(page.getByTestId('request-count')).toHaveText(/^\d+ requests? sent this session/);
    await expect(page).toHaveURL(/query=coffee/);

    // The popup: arrow keys, then Enter puts the suggestion in the field.
    await box.press('ArrowDown');
    const listbox = page.getByRole('listbox', { name: 'Suggestions for coffee' });
    await expect(listbox).toBeVisible();
    const first = listbox.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    expect(await seriousAxeIssues(page, `/autocomplete popup (${colorScheme})`)).toEqual([]);
    const chosen = (await first.textContent()) ?? '';
    await box.press('Enter');
    await expect(box).toHaveValue(chosen);
    await expect(listbox).toBeHidden();
    await expect(region).toHaveAttribute('data-query', chosen);

    const expansion = page.getByRole('region', { name: 'Keyword expansion' });
    await expansion.getByRole('button', { name: /^Expand · 26 requests/ }).click();
    // Keywords show once a first answer is in, so the batch has started: the progress gone
    // after that is the batch's end (a batch this quick may show its progress too briefly to
    // be seen, so that is not waited for).
    await expect(expansion.getByText(/^\d+ unique keywords for/)).toBeVisible();
    await expect(expansion.getByRole('progressbar')).toBeHidden({ timeout: 20_000 });
    await expect.poll(() => expansion.getByRole('row').count()).toBeGreaterThan(20);

    expect(await seriousAxeIssues(page, `/autocomplete (${colorScheme})`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
