import { describe, expect, test, vi } from 'vitest';
import { sandboxControl } from '../../test/sandbox-server.ts';
import { callEndpoint, REQUEST_TIMEOUT_MS } from './client.ts';
import { ApiError } from './errors.ts';
import { requestEndpoint } from './requests.ts';

const KEY = 'demo-key';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('callEndpoint against the sandbox', () => {
  test('parses a search and reports status, time, bytes and a masked URL', async () => {
    const res = await requestEndpoint('search', { query: 'coffee' }, { apiKey: KEY });
    expect(res.data.organic_results.length).toBeGreaterThan(5);
    expect(res.meta.status).toBe(200);
    expect(res.meta.bytes).toBeGreaterThan(500);
    expect(res.meta.maskedUrl).toBe('/api/search?query=coffee&api_key=•••');
  });

  test('a wrong key is a 401 whose message and excerpt never contain the key', async () => {
    const secret = 'sk-very-secret-123';
    const e = await failure(requestEndpoint('search', { query: 'coffee' }, { apiKey: secret }));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(401);
    expect(e.charged).toBe('no');
    expect(
      JSON.stringify({ m: e.message, b: e.bodyExcerpt, e: e.endpoint, s: String(e) }),
    ).not.toContain(secret);
  });

  test('an upstream echoing the key in its error body has it masked', async () => {
    await sandboxControl.fault({ kind: 'status', status: 500, body: 'boom for key demo-key' });
    const e = await failure(requestEndpoint('search', { query: 'x' }, { apiKey: KEY }));
    expect(e.status).toBe(500);
    expect(e.bodyExcerpt).toBe('boom for key •••');
  });

  test('a 404 from the service is reported as charged', async () => {
    const e = await failure(
      requestEndpoint('screenshot', { url: 'https://nowhere.invalid/' }, { apiKey: KEY }),
    );
    expect(e.status).toBe(404);
    expect(e.charged).toBe('yes');
    expect((await sandboxControl.ledger()).accounts[KEY]?.requestUsed).toBe(5);
  });

  test('gives up after the timeout with kind "timeout"', async () => {
    await sandboxControl.fault({ kind: 'slow', delayMs: 2000 });
    const e = await failure(
      callEndpoint('search', { query: 'x' }, { apiKey: KEY, timeoutMs: 100 }),
    );
    expect(e.kind).toBe('timeout');
  });

  test("waits 90 s by default: longer than the service's own ~60 s, so its 410 arrives first", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(90_000);
    await sandboxControl.fault({ kind: 'slow', delayMs: 1500 });
    const res = await requestEndpoint('search', { query: 'patience' }, { apiKey: KEY });
    expect(res.meta.durationMs).toBeGreaterThanOrEqual(1400);
  });

  test('a caller abort is kind "aborted"', async () => {
    await sandboxControl.fault({ kind: 'slow', delayMs: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const e = await failure(
      callEndpoint('search', { query: 'x' }, { apiKey: KEY, signal: controller.signal }),
    );
    expect(e.kind).toBe('aborted');
  });

  test('a dropped connection is kind "network"', async () => {
    await sandboxControl.fault({ kind: 'drop' });
    expect((await failure(requestEndpoint('search', { query: 'x' }, { apiKey: KEY }))).kind).toBe(
      'network',
    );
  });

  test('malformed and truncated bodies are kind "invalid-response" with the body kept as text', async () => {
    await sandboxControl.fault({ kind: 'malformed' });
    const malformed = await failure(requestEndpoint('search', { query: 'x' }, { apiKey: KEY }));
    expect(malformed.kind).toBe('invalid-response');
    expect(malformed.bodyExcerpt).toContain('<html>');
    await sandboxControl.fault({ kind: 'truncated' });
    expect((await failure(requestEndpoint('search', { query: 'x' }, { apiKey: KEY }))).kind).toBe(
      'invalid-response',
    );
  });

  test('reads a screenshot as image bytes of the asked format', async () => {
    const res = await requestEndpoint(
      'screenshot',
      { url: 'https://example.com/', format: 'jpg', quality: '50', width: '320', height: '200' },
      { apiKey: KEY },
    );
    expect(res.kind).toBe('image');
    if (res.kind !== 'image') return;
    expect(res.blob.type).toBe('image/jpeg');
    const bytes = new Uint8Array(await res.blob.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  });

  test('reads the account with credits left = limit − used', async () => {
    await requestEndpoint('search', { query: 'coffee' }, { apiKey: KEY });
    const res = await requestEndpoint('account', {}, { apiKey: KEY });
    expect(res.data.requestLimit! - res.data.requestUsed!).toBe(100_000 - 20);
  });
});

describe('the key on the wire', () => {
  test('travels in a header to the same-origin proxy, never in the request URL', async () => {
    const sent: { url: string; key: string | null }[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        key: new Headers(init?.headers).get('x-api-key'),
      });
      return realFetch(input, init);
    });
    const res = await requestEndpoint('search', { query: 'coffee' }, { apiKey: KEY });
    expect(res.meta.status).toBe(200);
    expect(sent).toEqual([{ url: '/api/search?query=coffee', key: KEY }]);
  });

  test('an answer that echoes the key shows a mask in its raw body', async () => {
    const res = await requestEndpoint('account', {}, { apiKey: KEY });
    expect(res.meta.status).toBe(200);
    await sandboxControl.fault({ kind: 'malformed' });
    const e = await failure(requestEndpoint('search', { query: KEY }, { apiKey: KEY }));
    expect(e.bodyExcerpt).not.toContain(KEY);
  });

  test('keeps a JSON body for storing: a small one as its text, a large one as a Blob', async () => {
    const small = await callEndpoint('search', { query: 'coffee' }, { apiKey: KEY });
    expect(small.kind === 'json' && small.body).toBe(small.kind === 'json' && small.text);
    const suggestions = Array.from({ length: 20_000 }, (_, i) => ({ value: `coffee ${i}` }));
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      body: JSON.stringify({ suggestions }),
      contentType: 'application/json',
    });
    const large = await callEndpoint('autocomplete', { query: 'coffee' }, { apiKey: KEY });
    expect(large.kind === 'json' && large.body).toBeInstanceOf(Blob);
  });

  test('a body over the client cap is refused with its own explanation', async () => {
    const e = await failure(
      callEndpoint('search', { query: 'coffee' }, { apiKey: KEY, maxBodyBytes: 100 }),
    );
    expect(e.title).toMatch(/larger than the dashboard accepts/);
    expect(e.charged).toBe('unknown');
  });
});
