import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { startHostileUpstream, type HostileUpstream } from '../contract/hostile-upstream.ts';
import { nginxMissing, startNginx, type RunningNginx } from '../contract/nginx-runner.ts';

// Production serving (decisions 013, 014, 030): Debian's nginx with deploy/nginx.conf.template,
// serving the build and proxying /api to the sandbox run standalone as the "live" service.
// test/contract/boundary.test.ts holds the proxy's contract against a hostile upstream.
const NGINX_PORT = Number(process.env.E2E_PORT ?? 4174) + 100;
const SANDBOX_PORT = NGINX_PORT + 1;
const DIST = resolve(process.env.E2E_OUT_DIR ?? 'dist');
const BASE = `http://127.0.0.1:${NGINX_PORT}`;

// Locally nginx (or its njs module) may be missing (the test says so); CI installs it and
// requires it.
const missing = nginxMissing();
test.skip(Boolean(missing) && !process.env.CI, missing ?? '');
test.describe.configure({ mode: 'serial' });

let sandbox: ChildProcess | undefined;
let nginx: RunningNginx | undefined;

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ${String(pattern)} in time`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (pattern.test(chunk.toString())) {
        clearTimeout(timer);
        ok();
      }
    });
    child.on('exit', (code) => fail(new Error(`exited with ${code}`)));
  });
}

test.beforeAll(async () => {
  sandbox = spawn(
    process.execPath,
    ['-e', "import('vite').then((v) => v.runnerImport('./src/sandbox/serve.ts'))"],
    { env: { ...process.env, SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_LATENCY_MS: '20' } },
  );
  await waitForOutput(sandbox, /Sandbox API on/);
  nginx = await startNginx({
    upstream: `http://127.0.0.1:${SANDBOX_PORT}`,
    dist: DIST,
    listen: `127.0.0.1:${NGINX_PORT}`,
  });
});

test.afterAll(async () => {
  await nginx?.stop();
  sandbox?.kill();
});

test('the shipped config passes nginx -t', () => {
  expect(nginx!.check()).toContain('test is successful');
});

test('behind nginx: a view’s path gets its prerendered page, any other path the app’s shell', async ({
  request,
}) => {
  const page = async (path: string) => {
    const res = await request.get(`${BASE}${path}`);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-security-policy'], path).toContain("script-src 'self'");
    return res.text();
  };
  for (const [path, heading] of [
    ['/', 'Overview'],
    ['/search?query=coffee', 'Search'],
    ['/history', 'Request history'],
  ]) {
    const html = await page(path!);
    expect(html, path).toContain('<div id="root" inert>');
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
  }
  for (const path of ['/no-such-view', '/views', '/search/'])
    expect(await page(path), path).toContain('<div id="root"></div>');
});

test('behind nginx: a deep link loads, a search runs, and the key reaches no log and no URL', async ({
  page,
}) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  const response = await page.goto(`${BASE}/search?query=coffee`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByText('LIVE')).toBeVisible();
  // A live deployment offers no demo key: the key is typed in (the sandbox's own, here).
  await page.getByRole('button', { name: 'Set API key' }).first().click();
  await page.getByLabel('Your personal key').fill('demo-key');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('credits-pill')).toHaveText('100,000 credits left');
  await page.getByRole('button', { name: /^Search · / }).click();
  await expect(page.getByRole('list', { name: 'Organic results' })).toBeVisible();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await page.goto(`${BASE}/account`);
  await expect(page.getByTestId('credits-pill')).toHaveText('99,980 credits left');

  expect(urls.filter((u) => u.includes('demo-key') || u.includes('api_key'))).toEqual([]);
  // The key canary behind nginx: nowhere but sessionStorage.
  const traces = await page.evaluate(async () => ({
    local: JSON.stringify({ ...localStorage }),
    cookie: document.cookie,
    caches: (await caches.keys()).join(' '),
    databases: JSON.stringify(await indexedDB.databases()),
    text: document.body.innerText,
    resources: performance
      .getEntries()
      .map((e) => e.name)
      .join(' '),
  }));
  for (const [where, value] of Object.entries(traces))
    expect(value, where).not.toContain('demo-key');
  const accessLog = readFileSync(join(nginx!.prefix, 'access.log'), 'utf8');
  expect(accessLog).toContain('"GET /api/search"');
  const logs = nginx!.logs();
  expect(logs).not.toContain('demo-key');
  expect(logs).not.toContain('api_key');
});

test('behind nginx: only the seven endpoints, by GET, with strict headers', async ({ request }) => {
  const ok = await request.get(`${BASE}/api/account`, { headers: { 'x-api-key': 'demo-key' } });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['cache-control']).toBe('no-store');
  expect(ok.headers()['x-content-type-options']).toBe('nosniff');
  expect(ok.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(
    (
      await request.get(`${BASE}/api/search/?query=x`, { headers: { 'x-api-key': 'demo-key' } })
    ).status(),
  ).toBe(200);
  for (const path of ['/api/constructor', '/api/nowhere', '/api/search/x', '/api/_sandbox'])
    expect((await request.get(`${BASE}${path}`)).status(), path).toBe(404);
  // Odd spellings of /api paths (which a URL parser, Playwright's too, would resolve before
  // sending) are sent raw by test/contract/boundary.test.ts.
  expect((await request.post(`${BASE}/api/search`, { data: {} })).status()).toBe(405);
  expect(
    (
      await request.get(`${BASE}/api/account`, { headers: { 'x-api-key': 'bad key&x=1' } })
    ).status(),
  ).toBe(400);
});

test.describe('behind nginx, in front of a hostile upstream', () => {
  let hostile: HostileUpstream | undefined;
  let shield: RunningNginx | undefined;

  test.beforeAll(async () => {
    hostile = await startHostileUpstream();
    shield = await startNginx({ upstream: hostile.origin, dist: DIST });
  });

  test.afterAll(async () => {
    await shield?.stop();
    await hostile?.close();
  });

  for (const status of [100, 103])
    test(`Chromium never takes the answer behind an upstream ${status}: a marked 502, no cookie, nothing run`, async ({
      page,
      context,
    }) => {
      const path = `/api/search?act=informational&status=${status}`;
      await page.goto(`${shield!.origin}/`);
      const answer = await page.evaluate(async (url) => {
        const res = await fetch(url, { headers: { 'x-api-key': 'canary-key' } });
        return { status: res.status, marker: res.headers.get('x-dashboard-proxy-error') };
      }, path);
      expect(answer).toEqual({ status: 502, marker: 'interim' });
      // Opened directly: the upstream's page never runs on the dashboard's origin.
      await page.goto(`${shield!.origin}${path}`);
      expect(await page.title()).not.toBe('127.0.0.1');
      expect(await context.cookies()).toEqual([]);
    });
});
