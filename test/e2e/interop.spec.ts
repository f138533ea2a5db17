import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, resetSandbox, seriousAxeIssues } from './helpers.ts';
import { PASTED_CURL, PASTED_KEY } from '../pasted-request-sample.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Calls the sandbox has answered so far (its ledger), whoever sent them. */
async function sandboxCalls(page: Page): Promise<number> {
  const res = await page.request.get('/api/_sandbox', { headers: { connection: 'close' } });
  return ((await res.json()) as { calls: unknown[] }).calls.length;
}

/** Notes when the app starts reading pastes (its code loads once the first view has painted). */
async function notePasteReading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const add = document.addEventListener.bind(document);
    document.addEventListener = (...args: Parameters<Document['addEventListener']>) => {
      if (args[0] === 'paste') document.documentElement.dataset.readsPastes = 'true';
      add(...args);
    };
  });
}

test('a pasted curl command opens its view filled, offers its key, and sends nothing', async ({
  page,
  context,
}) => {
  const errors = collectConsoleErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await notePasteReading(page);
  const apiRequests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/_'))
      apiRequests.push(url.pathname);
  });

  await page.goto('/shorts');
  const query = page.getByRole('form', { name: /parameters$/ }).getByLabel(/^Query/);
  await expect(query).toBeVisible();
  await expect(page.locator('html[data-reads-pastes="true"]')).toHaveCount(1);
  const callsBefore = await sandboxCalls(page);

  // A real paste: the command on the clipboard, Ctrl+V in the shorts view's query field.
  await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED_CURL);
  await query.click();
  await page.keyboard.press('ControlOrMeta+V');

  await expect(page).toHaveURL(/\/search\?query=green\+tea&country=de$/);
  await expect(page.getByRole('form', { name: /parameters$/ }).getByLabel(/^Query/)).toHaveValue(
    'green tea',
  );
  const notice = page.getByRole('status', { name: 'Pasted request' });
  await expect(notice).toContainText(
    'Search is filled in from the pasted request. Nothing was sent',
  );
  await expect(notice).toContainText('dropped: num');

  // The key dialog offers the key, masked.
  const dialog = page.getByRole('dialog', { name: 'API key' });
  await expect(dialog.getByRole('status')).toContainText(
    'The pasted request holds an API key (••••6789)',
  );
  const keyField = dialog.getByLabel('Your personal key');
  await expect(keyField).toHaveAttribute('type', 'password');
  await expect(keyField).toHaveValue(PASTED_KEY);

  // Nothing holds it but the dialog's field: not the URL, storage (history included) or the page.
  const kept = await page.evaluate(() =>
    [
      location.href,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      document.querySelector('main')?.innerHTML ?? '',
    ].join('\n'),
  );
  expect(kept).not.toContain(PASTED_KEY);
  expect(await sandboxCalls(page)).toBe(callsBefore);
  expect(apiRequests.filter((p) => p !== '/api/account')).toEqual([]);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(
    PASTED_KEY,
  );
  expect(await seriousAxeIssues(page, 'paste notice')).toEqual([]);
  expect(apiRequests).toEqual([]);
  expect(errors).toEqual([]);
});

test('the build writes the OpenAPI document beside the app', async ({ request }) => {
  const res = await request.get('/openapi.json');
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toContain('/search');
});

test('a paste notice and a storage notice stack at the foot of the window, neither covering the other', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await notePasteReading(page);
  // A history the browser holds but nobody can read: the page says it starts afresh.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('web-data-dashboard.history', '{not json');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/shorts');
  const storage = page.getByRole('list', { name: 'Notices' });
  await expect(storage).toContainText('could not read the request history');
  await expect(page.locator('html[data-reads-pastes="true"]')).toHaveCount(1);

  await page.evaluate(() =>
    navigator.clipboard.writeText("curl 'https://api.example.com/search?query=oolong'"),
  );
  await page
    .getByRole('form', { name: /parameters$/ })
    .getByLabel(/^Query/)
    .click();
  await page.keyboard.press('ControlOrMeta+V');
  const pasted = page.getByRole('status', { name: 'Pasted request' });
  await expect(pasted).toContainText('Search is filled in from the pasted request');
  await expect(storage).toBeVisible();

  const a = (await storage.boundingBox())!;
  const b = (await pasted.boundingBox())!;
  const overlap =
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap).toBe(false);
  // Both can be dismissed, each by its own button.
  await pasted.getByRole('button', { name: 'Dismiss' }).click();
  await expect(pasted).toBeHidden();
  await storage.getByRole('button', { name: 'Dismiss' }).first().click();
  await expect(storage).toBeHidden();
});
