import { expect, test, type Route } from '@playwright/test';
import {
  appLive,
  collectConsoleErrors,
  enterDemoKey,
  resetSandbox,
  seriousAxeIssues,
} from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

const QUERIES = Array.from({ length: 20 }, (_, i) => `keyword ${i + 1}`);

test('a 20-query × 2-locale batch runs to its cap, survives a reload with its answers, resumes only what was never sent, with no serious axe issue', async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  // The GB cell of "keyword 15" stays in flight (held in the browser, it never reaches the
  // sandbox) until the page goes away: the reload then finds it running.
  const held: Route[] = [];
  await page.route(
    (url) =>
      url.pathname === '/api/search' &&
      url.searchParams.get('query') === 'keyword 15' &&
      url.searchParams.get('country') === 'gb',
    (route) => void held.push(route),
  );
  await page.goto('/batch');
  await appLive(page);
  await enterDemoKey(page);
  await page.getByRole('textbox', { name: 'Queries' }).fill(QUERIES.join('\n'));
  await page.getByRole('button', { name: 'Add a locale' }).click();
  await page.getByRole('combobox', { name: 'Country (locale 2)' }).fill('gb');
  await page.getByRole('combobox', { name: 'Language (locale 2)' }).fill('en');
  // 30 requests' worth: with one of them in flight the queue cannot know it will be charged,
  // so it holds the rest back rather than risk crossing the cap.
  await page.getByRole('textbox', { name: 'Stop at' }).fill('600');
  const plan = page.getByTestId('batch-plan');
  await expect(plan).toContainText('Requests: 40 (one per query and locale)');
  await expect(plan).toContainText('stops the run after 30 requests');
  expect(await seriousAxeIssues(page, '/batch form')).toEqual([]);

  await page
    .getByRole('button', {
      name: /^Run batch · 30 of 40 requests \(cap 600\) · 30 × 20 = 600 credits/,
    })
    .click();
  const progress = page.getByTestId('batch-progress');
  await expect(progress).toHaveText(/^29 done · 0 failed · 11 left · 580 credits spent/, {
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/batch\?batch=/);
  expect(held).toHaveLength(1);
  expect(await seriousAxeIssues(page, '/batch running')).toEqual([]);

  await page.reload();
  await appLive(page);
  const counts = page.getByRole('list', { name: 'Cells by state' });
  await expect(counts).toContainText('answered: 29');
  await expect(counts).toContainText('interrupted: 1');
  await expect(counts).toContainText('not checked: 10');
  const table = page.getByRole('region', { name: 'Batch cells' });
  await table.evaluate((box) => (box.scrollTop = box.scrollHeight));
  const row = (query: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: query, exact: true }) });
  await expect(row('keyword 15')).toContainText('interrupted — may have been charged');
  await expect(row('keyword 20')).toContainText('not checked — never sent');
  expect(await seriousAxeIssues(page, '/batch after a reload')).toEqual([]);

  // The cap counts the interrupted request as spent: Resume stops at once and asks.
  await page
    .getByRole('button', { name: 'Resume · 10 requests never sent · 10 × 20 = 200 credits' })
    .click();
  const ask = page
    .getByRole('alert')
    .filter({ hasText: 'The cap of 600 credits stops the run here' });
  await expect(ask).toContainText('10 requests left would cost 200 credits more');
  await ask.getByRole('button', { name: 'Continue without a cap · 200 credits more' }).click();
  await expect(progress).toHaveText(/^39 done · 0 failed · 1 left · 780 credits spent/, {
    timeout: 30_000,
  });
  await expect(row('keyword 20')).not.toContainText('not checked');
  await expect(row('keyword 15')).toContainText('interrupted — may have been charged');

  // The pivot reads the answers after the reload as before it (from the stored results).
  await page.getByRole('textbox', { name: 'Target domain' }).fill('wikipedia.org');
  await expect(page.getByRole('table', { name: /wikipedia\.org by locale/ })).toBeVisible();
  expect(await seriousAxeIssues(page, '/batch pivot')).toEqual([]);
  // Every kind of cell in the dark scheme too.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeIssues(page, '/batch pivot (dark)')).toEqual([]);

  // Each cell was paid once: 29 before the reload, 10 after; the held one never arrived.
  const ledger = (await (await request.get('/api/_sandbox')).json()) as {
    calls: { endpoint: string; status: number }[];
  };
  expect(ledger.calls.filter((c) => c.endpoint === '/search')).toHaveLength(39);
  expect(errors).toEqual([]);
});
