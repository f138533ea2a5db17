import { expect, test } from '@playwright/test';
import { collectConsoleErrors, enterDemoKey, resetSandbox, seriousAxeIssues } from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a search's credits show on the account page and in the header, and an unpublished cost gets measured, with no serious axe issue (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    // The sandbox serves some short-video thumbnails as expired (404), like the live links.
    const errors = collectConsoleErrors(page, { ignoreUrl: '/_sandbox/shorts/' });
    await page.goto('/account');
    await enterDemoKey(page);
    const glance = page.getByRole('region', { name: 'Credits left' });
    await expect(glance.getByTestId('account-credits-left')).toHaveText('100,000');
    const axe = await seriousAxeIssues(page, `account (${colorScheme})`);

    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: 'Search', exact: true })
      .click();
    await page.getByLabel(/^Query/).fill('pour over kettle');
    await page.getByRole('button', { name: 'Search · 20 credits' }).click();
    await expect(page.getByRole('list', { name: 'Organic results' })).toBeVisible();
    await expect(page.getByTestId('credits-pill')).toHaveText('99,980 credits left');

    // The sandbox charges short videos 10 credits, which the interface does not publish.
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: 'Shorts' })
      .click();
    // Until the shorts view has loaded, the search view (with its own Query field) stays.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Short videos');
    await page.getByLabel(/^Query/).fill('latte art');
    await page.getByRole('button', { name: 'Search shorts · unknown cost' }).click();
    // The answer now held costs nothing again; another query costs what was just measured.
    await expect(
      page.getByRole('button', { name: 'Search shorts · cached · 0 credits' }),
    ).toBeVisible();
    await page.getByLabel(/^Query/).fill('flat white');
    await expect(
      page.getByRole('button', { name: 'Search shorts · ≈ 10 credits (measured)' }),
    ).toBeVisible();

    await page.getByTestId('credits-pill').click();
    await expect(glance.getByTestId('account-credits-left')).toHaveText('99,970');
    const spend = page.getByRole('table', { name: 'Credits spent by endpoint' });
    await expect(spend.getByRole('row', { name: /^Search/ })).toContainText('20 credits');
    await expect(spend.getByRole('row', { name: /^Short videos/ })).toContainText('≈ 10 credits');
    axe.push(...(await seriousAxeIssues(page, `account after requests (${colorScheme})`)));
    expect(axe).toEqual([]);
    expect(errors).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a webhook job is confirmed, submitted and its delivery arrives in the sandbox inbox, with no serious axe issue (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const errors = collectConsoleErrors(page);
    await page.goto('/webhook?url=https%3A%2F%2Fexample.com%2Fpricing&webhook_id=orders');
    await enterDemoKey(page);
    await page.getByRole('button', { name: 'Submit job · unknown cost' }).click();
    const confirm = page.getByRole('group', { name: 'Submit this job?' });
    await expect(confirm).toContainText('https://example.com/pricing');
    const axe = await seriousAxeIssues(page, `webhook confirmation (${colorScheme})`);
    await confirm.getByRole('button', { name: 'Confirm and submit' }).click();
    const jobSid = page.getByTestId('job-sid');
    await expect(jobSid).toHaveText(/^[0-9a-f-]{36}$/);
    const sid = (await jobSid.textContent()) ?? '';
    const delivery = page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    await expect(delivery).toContainText(sid, { timeout: 10_000 });
    await expect(delivery).toContainText('your job for https://example.com/pricing');
    await expect(
      page
        .getByRole('table', { name: 'Submitted jobs' })
        .getByRole('row', { name: new RegExp(sid) }),
    ).toContainText(/Delivered after/);
    axe.push(...(await seriousAxeIssues(page, `webhook with a delivery (${colorScheme})`)));
    expect(axe).toEqual([]);

    // The jobs table survives a reload.
    await page.reload();
    await expect(
      page
        .getByRole('table', { name: 'Submitted jobs' })
        .getByRole('row', { name: new RegExp(sid) }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });
}
