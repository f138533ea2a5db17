import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

// Production serving (decisions 013, 014): Debian's nginx with deploy/nginx.conf.template,
// serving the build and proxying /api to the sandbox run standalone as the "live" service.
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const NGINX_PORT = Number(process.env.E2E_PORT ?? 4174) + 100;
const SANDBOX_PORT = NGINX_PORT + 1;
const DIST = resolve(process.env.E2E_OUT_DIR ?? 'dist');
const BASE = `http://127.0.0.1:${NGINX_PORT}`;

// Locally nginx may be missing (the test says so); CI installs it and requires it.
test.skip(!existsSync(NGINX) && !process.env.CI, `no nginx at ${NGINX} (apt-get install -y nginx)`);
test.describe.configure({ mode: 'serial' });

let sandbox: ChildProcess | undefined;
let nginx: ChildProcess | undefined;
let prefix = '';

function render(template: string, values: Record<string, string>): string {
  return template.replace(
    /\$\{(API_UPSTREAM|API_HOST|DIST_DIR|LISTEN|ACCESS_LOG)\}/g,
    (_, name: string) => values[name]!,
  );
}

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

async function waitForPort(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

test.beforeAll(async () => {
  sandbox = spawn(
    process.execPath,
    ['-e', "import('vite').then((v) => v.runnerImport('./src/sandbox/serve.ts'))"],
    { env: { ...process.env, SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_LATENCY_MS: '20' } },
  );
  await waitForOutput(sandbox, /Sandbox API on/);

  prefix = mkdtempSync(join(tmpdir(), 'dashboard-nginx-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const server = render(readFileSync('deploy/nginx.conf.template', 'utf8'), {
    API_UPSTREAM: `http://127.0.0.1:${SANDBOX_PORT}`,
    API_HOST: `127.0.0.1:${SANDBOX_PORT}`,
    DIST_DIR: DIST,
    LISTEN: `127.0.0.1:${NGINX_PORT}`,
    ACCESS_LOG: join(prefix, 'access.log'),
  });
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `user root;
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${server}
}
`,
  );
  nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')]);
  await waitForPort(`${BASE}/`);
});

test.afterAll(() => {
  nginx?.kill();
  sandbox?.kill();
});

test('the shipped config passes nginx -t', () => {
  const check = spawnSync(NGINX, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    encoding: 'utf8',
  });
  expect(check.stderr).toContain('test is successful');
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
  const accessLog = readFileSync(join(prefix, 'access.log'), 'utf8');
  expect(accessLog).toContain('"GET /api/search"');
  expect(accessLog).not.toContain('demo-key');
  expect(accessLog).not.toContain('api_key');
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
  // nginx decodes and normalises the path first: this one is the app's /account page, not the API.
  const dotted = await request.get(`${BASE}/api/%2e%2e/account`, {
    headers: { 'x-api-key': 'demo-key' },
  });
  expect(dotted.headers()['content-type']).toContain('text/html');
  expect((await request.post(`${BASE}/api/search`, { data: {} })).status()).toBe(405);
  expect(
    (
      await request.get(`${BASE}/api/account`, { headers: { 'x-api-key': 'bad key&x=1' } })
    ).status(),
  ).toBe(400);
});
