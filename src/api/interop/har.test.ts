// @vitest-environment node
import { HarValidator } from '@har-sdk/validator';
import { describe, expect, test } from 'vitest';
import { base64Of, harOf, HAR_KEY_MASK, type HarRequest } from './har.ts';

/** Errors of the file against the HAR 1.2 JSON schema (none when it conforms). */
const schemaErrors = (har: unknown) =>
  new HarValidator().verify(har as Parameters<HarValidator['verify']>[0]);

const KEY = 'secret-key_42';
const answered: HarRequest = {
  origin: 'http://127.0.0.1:5173',
  path: '/api/search?query=green%20tea&country=de&api_key=•••',
  status: 200,
  contentType: 'application/json',
  bytes: 512,
  durationMs: 240,
  answeredAt: Date.UTC(2026, 10, 24, 12, 0, 0),
  bodyText: `{"organic_results":[],"echo":"${KEY}"}`,
  apiKey: KEY,
};

describe('harOf', () => {
  test('conforms to the HAR 1.2 schema, answered or not', async () => {
    expect(await schemaErrors(harOf(answered))).toEqual([]);
    expect(
      await schemaErrors(
        harOf({ origin: 'http://x', path: '/api/account', failure: 'network', apiKey: KEY }),
      ),
    ).toEqual([]);
    // The check can fail: an entry without its request does not conform.
    const broken = harOf(answered) as { log: { entries: { request?: unknown }[] } };
    delete broken.log.entries[0]!.request;
    expect((await schemaErrors(broken)).length).toBeGreaterThan(0);
  });

  test('the request as the browser sent it: no key in the URL, the key header masked', () => {
    const entry = harOf(answered).log.entries[0]!;
    expect(entry.request.url).toBe('http://127.0.0.1:5173/api/search?query=green%20tea&country=de');
    expect(entry.request.queryString).toEqual([
      { name: 'query', value: 'green tea' },
      { name: 'country', value: 'de' },
    ]);
    expect(entry.request.headers).toContainEqual({ name: 'x-api-key', value: HAR_KEY_MASK });
    expect(JSON.stringify(harOf(answered))).not.toContain(KEY);
  });

  test('the answer: status, type, size, time, and the body with the key masked', () => {
    const entry = harOf(answered).log.entries[0]!;
    expect(entry.startedDateTime).toBe('2026-11-24T11:59:59.760Z');
    expect(entry.time).toBe(240);
    expect(entry.timings).toEqual({ send: 0, wait: 240, receive: 0 });
    expect(entry.response).toMatchObject({
      status: 200,
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Content-Length', value: '512' },
      ],
      content: {
        size: 512,
        mimeType: 'application/json',
        text: '{"organic_results":[],"echo":"•••"}',
      },
    });
  });

  test('a request that got no answer says why', () => {
    const entry = harOf({ origin: 'http://x', path: '/api/account', failure: 'timeout' }).log
      .entries[0]!;
    expect(entry.response).toMatchObject({ status: 0, statusText: 'timeout' });
    expect(entry.request.url).toBe('http://x/api/account');
  });

  test('every answered entry has its status text', () => {
    for (const [status, text] of [
      [200, 'OK'],
      [401, 'Unauthorized'],
      [410, 'Gone'],
      [429, 'Too Many Requests'],
    ] as const)
      expect(harOf({ ...answered, status }).log.entries[0]!.response.statusText).toBe(text);
  });

  test('a failed request keeps its body, headers and type, the key masked', async () => {
    const har = harOf({
      origin: 'http://x',
      path: '/api/search?query=a',
      status: 401,
      contentType: 'text/plain; charset=utf-8',
      bytes: 31,
      bodyText: `Invalid API key ${KEY}.`,
      apiKey: KEY,
    });
    expect(await schemaErrors(har)).toEqual([]);
    expect(har.log.entries[0]!.response).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
      headers: [
        { name: 'Content-Type', value: 'text/plain; charset=utf-8' },
        { name: 'Content-Length', value: '31' },
      ],
      content: { mimeType: 'text/plain; charset=utf-8', text: 'Invalid API key •••.' },
    });
  });

  test('an image answer holds its bytes as base64, so a replay serves them', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
    const har = harOf({
      ...answered,
      path: '/api/screenshot?url=https%3A%2F%2Fexample.com%2F',
      contentType: 'image/png',
      bytes: bytes.byteLength,
      bodyText: undefined,
      bodyBase64: base64Of(bytes),
    });
    expect(await schemaErrors(har)).toEqual([]);
    const content = har.log.entries[0]!.response.content as { text: string; encoding?: string };
    expect(content.encoding).toBe('base64');
    expect(Uint8Array.from(atob(content.text), (c) => c.charCodeAt(0))).toEqual(bytes);
  });
});
