import { createServer, type IncomingMessage, type Server } from 'node:http';
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

async function listen(
  handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void,
) {
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
    expect(upstreamUrl(target, '/api/engine_shorts/?query=a%20b&api_key=k')).toBe(
      'https://api.example.com/v1/brand_shorts/?query=a%20b&api_key=k',
    );
    expect(upstreamUrl(target, '/api/search?query=x')).toBe(
      'https://api.example.com/v1/search?query=x',
    );
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
    const ok = await fetch(`${proxy}/api/engine_shorts?query=a%20b&api_key=k1`);
    expect([ok.status, await ok.text()]).toEqual([200, 'ok']);
    const denied = await fetch(`${proxy}/api/search/?query=x&api_key=k2`);
    expect([denied.status, await denied.text()]).toEqual([401, 'Invalid API key']);
    expect(seen).toEqual(['/brand_shorts?query=a%20b&api_key=k1', '/search/?query=x&api_key=k2']);
  });

  test('a dead upstream gives a 502 that names the host, and the log never has the query', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const proxy = await listen(createProxyHandler('http://127.0.0.1:9'));
    const res = await fetch(`${proxy}/api/search?query=x&api_key=secret-key`);
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

function createProxyHandler(target: string) {
  const middleware = createApiMiddleware(
    readApiConfig({ API_TARGET: target, API_PATH_MAP: 'engine_shorts=brand_shorts' }),
  );
  return (req: IncomingMessage, res: import('node:http').ServerResponse) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
}
