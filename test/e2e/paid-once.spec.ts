import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appLive, collectConsoleErrors, enterDemoKey, resetSandbox } from './helpers.ts';

// Issue 34: a request that may cost credits is recorded before it leaves, so a reload at any
// moment leaves every cell answered, interrupted (maybe charged, never re-sent by itself) or never
// sent. The sandbox's ledger is the judge: it lists each request as it arrives, and the page is
// reloaded within milliseconds of a given request arriving, found by watching that list.

interface Received {
  endpoint: string;
  params: Record<string, string>;
}

const QUERIES = ['dal soup', 'tomato soup', 'leek soup', 'miso soup', 'pho'];

async function received(request: APIRequestContext): Promise<Received[]> {
  const res = await request.get('/api/_sandbox', { headers: { connection: 'close' } });
  const ledger = (await res.json()) as { received: Received[] };
  return ledger.received.filter((r) => r.endpoint === '/search');
}

/** Reloads the page as soon as `n` search requests have reached the sandbox. */
async function reloadWhenArrived(page: Page, request: APIRequestContext, n: number) {
  await expect
    .poll(async () => (await received(request)).length, { intervals: [2] })
    .toBeGreaterThanOrEqual(n);
  await page.reload();
  await appLive(page);
}

test('reloaded within milliseconds of requests reaching the sandbox, a batch never sends one (query, locale) twice and never loses itself', async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  await resetSandbox(request);
  await request.post('/api/_sandbox/latency', {
    data: { ms: 600, jitterMs: 300 },
    headers: { connection: 'close' },
  });
  await page.goto('/batch');
  await appLive(page);
  await enterDemoKey(page);
  await page.getByRole('textbox', { name: 'Queries' }).fill(QUERIES.join('\n'));
  await page.getByRole('button', { name: 'Add a locale' }).click();
  await page.getByRole('combobox', { name: 'Country (locale 2)' }).fill('de');
  await page.getByRole('combobox', { name: 'Language (locale 2)' }).fill('de');
  await page.getByRole('button', { name: /^Run batch · 10 requests/ }).click();

  // The first request has just arrived: the batch itself was stored before it left.
  await reloadWhenArrived(page, request, 1);
  const counts = page.getByRole('list', { name: 'Cells by state' });
  await expect(counts).toContainText('interrupted:');
  const resume = page.getByRole('button', { name: /^Resume · \d+ requests? never sent/ });

  // Once more, a few requests after Resume; then the rest runs to its end.
  const before = (await received(request)).length;
  await resume.click();
  await reloadWhenArrived(page, request, before + 2);
  await expect(counts).toContainText('interrupted:');
  await resume.click();
  await expect(counts).toContainText('answered:', { timeout: 30_000 });
  await expect(counts).not.toContainText(/running|waiting/, { timeout: 30_000 });
  await expect(resume).toBeHidden();

  // Every cell is answered or interrupted (it reached the sandbox as the page went); none was
  // sent twice, and the closing pages sent nothing more than what was in flight.
  const arrived = (await received(request)).map((r) => `${r.params.query} | ${r.params.country}`);
  expect(arrived.filter((key, i) => arrived.indexOf(key) !== i)).toEqual([]);
  expect(arrived).toHaveLength(10);
  await expect(counts).not.toContainText('not checked');
  const ledger = (await (await request.get('/api/_sandbox')).json()) as {
    accounts: Record<string, { peakInFlight: number }>;
    calls: { status: number }[];
  };
  expect(ledger.accounts['demo-key']!.peakInFlight).toBeLessThanOrEqual(4);
  expect(ledger.calls.filter((c) => c.status === 429)).toEqual([]);
  expect(errors).toEqual([]);
});
