import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApiMiddleware } from './api-middleware.ts';
import { parsePathMap, readApiConfig } from './config.ts';
import { upstreamUrl } from './proxy.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))),
  );
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('readApiConfig', () => {
  test('uses the sandbox without API_TARGET', () => {
    expect(readApiConfig({}).mode).toBe('sandbox');
  });
  test('accepts https and plain http targets and a path map', () => {
    const c = readApiConfig({
      API_TARGET: 'http://localhost:9000',
      API_PATH_MAP: 'engine_shorts=brand_shorts, realty=brand_realty',
    });
    expect(c).toMatchObject({
      mode: 'live',
      pathMap: { engine_shorts: 'brand_shorts', realty: 'brand_realty' },
    });
  });
  test('says what is wrong with a bad setting', () => {
    expect(() => readApiConfig({ API_TARGET: 'ftp://x' })).toThrow(/https:\/\//);
    expect(() => readApiConfig({ API_TARGET: 'not a url' })).toThrow(/base URL/);
    expect(() => readApiConfig({ API_TARGET: 'https://u:p@x.example' })).toThrow(/credentials/);
    expect(() => parsePathMap('engine_shorts')).toThrow(/neutral=upstream/);
  });
});

describe('upstreamUrl', () => {
  const target = {
    target: new URL('https://api.example.com/v1/'),
    pathMap: { engine_shorts: 'brand_shorts' },
  };
  test('renames mapped paths, keeps the trailing slash and the query byte for byte', () => {
    expect(upstreamUrl(target, '/engine_shorts/', '?query=a%20b&api_key=k')).toBe(
      'https://api.example.com/v1/brand_shorts/?query=a%20b&api_key=k',
    );
    expect(upstreamUrl(target, '/search', '?query=x')).toBe(
      'https://api.example.com/v1/search?query=x',
    );
  });

  test("looks up renames in the map's own entries only", () => {
    const map = parsePathMap('realty=brand_realty');
    expect(upstreamUrl({ ...target, pathMap: map }, '/account', '')).toBe(
      'https://api.example.com/v1/account',
    );
    expect(map.constructor).toBeUndefined();
  });
});

describe('live proxy', () => {
  test('forwards to the upstream with the path map and passes status, type and body through', async () => {
    const seen: string[] = [];
    const upstream = await listen((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(req.url?.startsWith('/brand_shorts') ? 200 : 401, {
        'content-type': 'text/plain',
      });
      res.end(req.url?.startsWith('/brand_shorts') ? 'ok' : 'Invalid API key');
    });
    const proxy = await listen(createProxyHandler(upstream));
    const ok = await fetch(`${proxy}/api/engine_shorts?query=a%20b`, {
      headers: { 'x-api-key': 'k1' },
    });
    expect([ok.status, await ok.text()]).toEqual([200, 'ok']);
    // The key comes from the header only: one put in the query string is never passed on.
    const denied = await fetch(`${proxy}/api/search/?query=x&api_key=k2`);
    expect([denied.status, await denied.text()]).toEqual([401, 'Invalid API key']);
    expect(seen).toEqual(['/brand_shorts?query=a%20b&api_key=k1', '/search/?query=x']);
  });

  test('a dead upstream gives a 502 that names the host, and the log never has the query', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const proxy = await listen(createProxyHandler('http://127.0.0.1:9'));
    const res = await fetch(`${proxy}/api/search?query=x`, {
      headers: { 'x-api-key': 'secret-key' },
    });
    expect(res.status).toBe(502);
    expect(await res.text()).toMatch(/could not reach 127\.0\.0\.1:9/);
    const logged = warn.mock.calls.flat().join(' ');
    expect(logged).toContain('/search');
    expect(logged).not.toContain('secret-key');
  });

  test('describes itself as live with the host only, and hides the sandbox controls', async () => {
    const proxy = await listen(createProxyHandler('https://user-data.example.com'));
    expect(await (await fetch(`${proxy}/api/_dashboard/meta`)).json()).toMatchObject({
      mode: 'live',
      upstreamHost: 'user-data.example.com',
      demoKey: null,
    });
    expect((await fetch(`${proxy}/api/_sandbox/reset`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the proxy forwards the API and nothing else', () => {
  async function countingUpstream(answer: (res: ServerResponse) => void = (res) => res.end('{}')) {
    const seen: string[] = [];
    const origin = await listen((req, res) => {
      seen.push(req.url ?? '');
      answer(res);
    });
    return { origin, seen };
  }

  test.each([
    '/api/nowhere',
    '/api/constructor',
    '/api/__proto__',
    '/api/search/../account',
    '/api/%2e%2e/account',
    '/api/search%2F..%2Faccount',
    '/api/search//',
    '/api/Search',
    '/api/',
    '/api',
  ])('%s gets a 404 without contacting the upstream', async (path) => {
    const upstream = await countingUpstream();
    const proxy = await listen(createProxyHandler(upstream.origin));
    // Sent byte for byte (fetch would normalise the dot segments away first).
    const status = await rawGet(proxy, `${path}?query=x`);
    expect(status).toBe(404);
    expect(upstream.seen).toEqual([]);
  });

  test('only GET and HEAD are accepted', async () => {
    const upstream = await countingUpstream();
    const proxy = await listen(createProxyHandler(upstream.origin));
    const res = await fetch(`${proxy}/api/search?query=x`, { method: 'POST', body: '{}' });
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect((await fetch(`${proxy}/api/account`, { method: 'HEAD' })).status).toBe(200);
    expect(upstream.seen).toEqual(['/account']);
  });

  test('a redirect is not followed: it is answered as an error the client can explain', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const elsewhere = await countingUpstream();
    const upstream = await countingUpstream((res) => {
      res.writeHead(302, { location: `${elsewhere.origin}/steal` });
      res.end();
    });
    const proxy = await listen(createProxyHandler(upstream.origin));
    const res = await fetch(`${proxy}/api/search?query=x`, { headers: { 'x-api-key': 'k' } });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-dashboard-proxy-error')).toBe('redirect');
    expect(elsewhere.seen).toEqual([]);
    expect(warn.mock.calls.flat().join(' ')).not.toContain('k');
  });

  test('a body declared over the cap is refused with a clear error', async () => {
    const body = '"' + 'x'.repeat(600) + '"';
    const upstream = await countingUpstream((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    const proxy = await listen(createProxyHandler(upstream.origin, { API_MAX_BODY_BYTES: '500' }));
    const res = await fetch(`${proxy}/api/search?query=x`);
    expect(res.status).toBe(502);
    expect(res.headers.get('x-dashboard-proxy-error')).toBe('too-large');
    expect(await res.text()).toMatch(/larger than/);
  });

  test('a body that grows past the cap is cut off just past it, never whole', async () => {
    const upstream = await countingUpstream((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // No content-length: the cap is enforced while streaming.
      res.write('"' + 'x'.repeat(300));
      setTimeout(() => res.end('x'.repeat(300) + '"'), 20);
    });
    const proxy = await listen(createProxyHandler(upstream.origin, { API_MAX_BODY_BYTES: '500' }));
    const res = await fetch(`${proxy}/api/search?query=x`);
    let received = 0;
    const whole = await (async () => {
      for await (const chunk of res.body ?? []) received += (chunk as Uint8Array).byteLength;
      return true;
    })().catch(() => false);
    expect([whole, received]).toEqual([false, 501]);
  });

  test('API answers are never cached, sniffed or run as a document on the app origin', async () => {
    const upstream = await countingUpstream((res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<script>alert(1)</script>');
    });
    const proxy = await listen(createProxyHandler(upstream.origin));
    const res = await fetch(`${proxy}/api/search?query=x`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('the sandbox control endpoint', () => {
  const sandboxHandler = () => {
    const middleware = createApiMiddleware({ mode: 'sandbox', latencyMs: 0 });
    return (req: IncomingMessage, res: ServerResponse) => middleware(req, res, () => res.end());
  };

  test('takes JSON from the app itself', async () => {
    const origin = await listen(sandboxHandler());
    const res = await fetch(`${origin}/api/_sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: '{}',
    });
    expect(res.status).toBe(200);
  });

  test('refuses a write that is not JSON, or that comes from another site', async () => {
    const origin = await listen(sandboxHandler());
    const form = await fetch(`${origin}/api/_sandbox/credits`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"used":99999}',
    });
    expect(form.status).toBe(415);
    const crossSite = await fetch(`${origin}/api/_sandbox/credits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{"used":99999}',
    });
    expect(crossSite.status).toBe(403);
    const ledger = (await (await fetch(`${origin}/api/_sandbox`)).json()) as {
      accounts: Record<string, { requestUsed: number }>;
    };
    expect(ledger.accounts['demo-key']?.requestUsed).toBe(0);
  });

  test('the sandbox takes the key from the header like the proxy does', async () => {
    const origin = await listen(sandboxHandler());
    const res = await fetch(`${origin}/api/account`, { headers: { 'x-api-key': 'demo-key' } });
    expect(res.status).toBe(200);
    expect((await fetch(`${origin}/api/account`)).status).toBe(401);
  });
});

/** A GET whose path goes out exactly as written. */
function rawGet(origin: string, path: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/`, { path, headers: { 'x-api-key': 'k' } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.end();
  });
}

function createProxyHandler(target: string, env: Record<string, string> = {}) {
  const middleware = createApiMiddleware(
    readApiConfig({ API_TARGET: target, API_PATH_MAP: 'engine_shorts=brand_shorts', ...env }),
  );
  return (req: IncomingMessage, res: ServerResponse) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
}
