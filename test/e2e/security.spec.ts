import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  collectConsoleErrors,
  enterDemoKey,
  pressRun,
  resetSandbox,
  sandboxControl,
} from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Every Content-Security-Policy violation the page reports, as "directive blocked-uri". */
async function recordPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

const VIEWS_WITH_A_REQUEST = [
  '/search?query=coffee&vs_country=gb',
  '/shorts?query=cats',
  // The upstream's own page in a sandboxed frame, which inherits the page's policy.
  '/shorts?query=cats&html=true',
  '/autocomplete?query=how+to',
  '/realty?url=https%3A%2F%2Fwww.realty.example%2Fhomes%2Fseattle-wa_rb%2F',
  '/screenshot?url=https%3A%2F%2Fexample.com%2F&width=640&height=400',
  '/webhook?url=https%3A%2F%2Fexample.com%2F',
];

test('every view runs under a strict Content-Security-Policy without a violation, and leaves the key nowhere but sessionStorage', async ({
  page,
  request,
}) => {
  const violations = await recordPolicyViolations(page);
  const errors = collectConsoleErrors(page);
  const consoleText: string[] = [];
  page.on('console', (m) => consoleText.push(m.text()));
  // Requests to other origins (the map's tile probe): what they carry, URL and headers.
  const otherOrigins: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1')
      otherOrigins.push(`${r.url()} ${JSON.stringify(r.headers())}`);
  });
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin');

  await enterDemoKey(page);
  for (const route of VIEWS_WITH_A_REQUEST) {
    await page.goto(route);
    await pressRun(page, route);
    await expect(page.getByTestId('response-status')).toHaveText('200', { timeout: 15_000 });
  }
  // Every export of the search results: the files carry no key either.
  await page.goto('/search?query=coffee&vs_country=gb');
  await page.getByRole('button', { name: /^Search · / }).click();
  await expect(page.getByRole('list', { name: 'Organic results' })).toBeVisible();
  for (const name of ['Export CSV', 'Export JSON']) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('group', { name: 'Export results' }).getByRole('button', { name }).click(),
    ]);
    const path = await download.path();
    expect(readFileSync(path, 'utf8'), name).not.toContain('demo-key');
  }
  // An error and an open dialog too.
  await sandboxControl(request, '/faults', { kind: 'status', status: 503 });
  await page.goto('/search?query=failing');
  await page.getByRole('button', { name: /^Search · / }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'HTTP 503' })).toBeVisible();
  await page.getByRole('button', { name: /^Key / }).click();
  await expect(page.getByRole('dialog', { name: 'API key' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/account');
  await expect(page.getByText('Credits left').first()).toBeVisible();

  expect(await violations()).toEqual([]);

  // The key (the sandbox's demo key is the canary here) is nowhere but sessionStorage.
  const traces = await page.evaluate(async () => ({
    local: JSON.stringify({ ...localStorage }),
    cookie: document.cookie,
    caches: 'caches' in window ? (await caches.keys()).join(' ') : '',
    databases: JSON.stringify((await indexedDB.databases?.()) ?? []),
    text: document.body.innerText,
    html: document.body.innerHTML,
    history: location.href,
    resources: performance
      .getEntries()
      .map((e) => e.name)
      .join(' '),
  }));
  for (const [where, value] of Object.entries(traces))
    expect(value, where).not.toContain('demo-key');
  expect(consoleText.join('\n')).not.toContain('demo-key');
  for (const request of otherOrigins) {
    expect(request).not.toContain('demo-key');
    // The referrer policy gives them the origin only, never the page's parameters.
    expect(request).not.toMatch(/"referer":"[^"]*\/[a-z]+\?/);
  }
  // Expired photo links and the 503 above are logged as failed loads by the browser itself.
  expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
});

test('the key never sits in a URL the browser records, only in the X-Api-Key header', async ({
  page,
}) => {
  const apiRequests: { url: string; key: string | undefined }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/') && !r.url().includes('/_'))
      apiRequests.push({ url: r.url(), key: r.headers()['x-api-key'] });
  });
  await page.goto('/');
  await enterDemoKey(page);
  await page.goto('/search?query=espresso');
  await page.getByRole('button', { name: /^Search · / }).click();
  await expect(page.getByTestId('response-status')).toHaveText('200');

  expect(apiRequests.length).toBeGreaterThan(1);
  for (const r of apiRequests) {
    expect(r.url).not.toContain('demo-key');
    expect(r.url).not.toContain('api_key');
    expect(r.key).toBe('demo-key');
  }
  const recorded = await page.evaluate(() => performance.getEntries().map((e) => e.name));
  expect(recorded.filter((u) => u.includes('demo-key') || u.includes('api_key='))).toEqual([]);
});

test('a page opened with api_key= loses it from the address bar at once, offers it like a paste, and no Referer holds it', async ({
  page,
}) => {
  const referers: string[] = [];
  page.on('request', (r) => referers.push(`${r.url()} ${r.headers()['referer'] ?? '-'}`));
  // What the address bar held whenever the page's own code changed it, from the first script on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __urls: string[] }).__urls = seen;
    for (const name of ['replaceState', 'pushState'] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History['pushState']>) => {
        seen.push(`${name} ${String(args[2])}`);
        original(...args);
      };
    }
  });
  await page.goto('/search?query=coffee&API%5Fkey=demo-key&vs_country=gb');

  const dialog = page.getByRole('dialog', { name: 'API key' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText(
    'The link this page was opened with held an API key',
  );
  await expect(dialog.getByLabel('Your personal key')).toHaveValue('demo-key');
  expect(page.url()).toMatch(/\/search\?query=coffee&vs_country=gb$/);
  const changes = await page.evaluate(() => (window as unknown as { __urls: string[] }).__urls);
  // The first change the page made is the key's removal, replacing the entry, not adding one.
  expect(changes[0]).toBe('replaceState /search?query=coffee&vs_country=gb');
  expect(changes.join('\n')).not.toContain('demo-key');

  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('credits-pill')).toHaveText(/[\d,]+ credits left/);
  await page.getByRole('button', { name: /^Search · / }).click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  expect(referers.length).toBeGreaterThan(3);
  expect(referers.filter((line) => /key/i.test(line.split(' ')[1] ?? ''))).toEqual([]);
  expect(page.url()).not.toContain('key');
});

test('an /api answer is never stored, sniffed or run as a page of the app', async ({ request }) => {
  const res = await request.get('/api/account', { headers: { 'x-api-key': 'demo-key' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect((await request.get('/api/constructor')).status()).toBe(404);
  expect((await request.post('/api/search', { data: {} })).status()).toBe(405);
});
