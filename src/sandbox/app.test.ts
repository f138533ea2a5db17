import { describe, expect, test } from 'vitest';
import { createSandbox } from './app.ts';

/** Requests straight into the hono app: the sandbox's own rules, without HTTP in between. */
function sandbox() {
  const { app, state } = createSandbox({ latencyMs: 0 });
  const get = (path: string) => app.fetch(new Request(`http://sandbox.test${path}`));
  return { app, state, get };
}

describe('sandbox', () => {
  test('answers a wrong or missing key with 401 in plain text', async () => {
    const { get } = sandbox();
    for (const path of ['/search?query=x&api_key=nope', '/search?query=x']) {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toMatch(/Invalid API key/);
    }
  });

  test('serves both path forms, with and without /api', async () => {
    const { get } = sandbox();
    for (const path of ['/search', '/search/', '/api/search', '/api/search/']) {
      expect((await get(`${path}?query=x&api_key=demo-key`)).status).toBe(200);
    }
  });

  test('meters 20 credits per search and 5 per screenshot, and /account reflects it', async () => {
    const { get } = sandbox();
    await get('/search?query=a&api_key=demo-key');
    await get('/screenshot?url=https://example.com&api_key=demo-key');
    const account = (await (await get('/account?api_key=demo-key')).json()) as Record<
      string,
      number
    >;
    expect(account.requestLimit).toBe(100_000);
    expect(account.requestUsed).toBe(25);
    expect(account.concurrencyLimit).toBe(5);
    expect(account.threadCount).toBe(0);
  });

  test('rejects bad parameters with 400 and a reason, without charging', async () => {
    const { get, state } = sandbox();
    const res = await get(
      '/screenshot?url=https://example.com&format=jpg&quality=300&api_key=demo-key',
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Quality must be a whole number from 0 to 100/);
    expect(state.accounts.get('demo-key')?.requestUsed).toBe(0);
  });

  test('is as strict as the interface: wire booleans and choices only, quality 0–100 whatever the format', async () => {
    const { get, state } = sandbox();
    for (const [query, reason] of [
      ['/screenshot?url=https://example.com&fullPage=yes', /Full page must be true or false/],
      ['/screenshot?url=https://example.com&fullPage=1', /Full page must be true or false/],
      ['/engine_shorts?query=a&nfpr=true', /must be 1 or 0/],
      ['/webhook?url=https://example.com&dynamic=on', /Dynamic must be true or false/],
      ['/screenshot?url=https://example.com&format=PNG', /Format must be one of png, jpg, webp/],
      [
        '/screenshot?url=https://example.com&format=png&quality=101',
        /Quality must be a whole number from 0 to 100/,
      ],
      [
        '/screenshot?url=https://example.com&quality=-1',
        /Quality must be a whole number from 0 to 100/,
      ],
    ] as const) {
      const res = await get(`${query}&api_key=demo-key`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toMatch(reason);
    }
    expect(state.accounts.get('demo-key')?.requestUsed).toBe(0);
    // What the interface writes passes, a PNG's quality in range included (and unused).
    for (const query of [
      '/screenshot?url=https://example.com&fullPage=true&format=png&quality=100',
      '/engine_shorts?query=a&nfpr=1&html=false',
    ])
      expect((await get(`${query}&api_key=demo-key`)).status, query).toBe(200);
  });

  test('answers 403 once the credits are used up', async () => {
    const { get, state } = sandbox();
    state.accounts.get('demo-key')!.requestUsed = 100_000 - 10;
    expect((await get('/search?query=a&api_key=demo-key')).status).toBe(403);
    expect((await get('/screenshot?url=https://example.com&api_key=demo-key')).status).toBe(200);
  });

  test('caps concurrent requests at 5 with a 429', async () => {
    const { app, state } = createSandbox({ latencyMs: 200 });
    const results = await Promise.all(
      Array.from({ length: 7 }, async () =>
        app.fetch(new Request('http://s.test/search?query=a&api_key=demo-key')),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(state.accounts.get('demo-key')?.inFlight).toBe(0);
  });

  test('remembers the most metered requests it saw in flight at once', async () => {
    const { app, state } = createSandbox({ latencyMs: 50 });
    await Promise.all(
      Array.from({ length: 3 }, async () =>
        app.fetch(new Request('http://s.test/engine_autocomplete?query=a&api_key=demo-key')),
      ),
    );
    expect(state.accounts.get('demo-key')?.peakInFlight).toBe(3);
  });

  test('makes latency random when asked for jitter: each request waits from ms to ms + jitterMs', async () => {
    const { app, state } = createSandbox({ latencyMs: 0 });
    const res = await app.fetch(
      new Request('http://s.test/_sandbox/latency', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 10, jitterMs: 40 }),
      }),
    );
    expect(res.status).toBe(200);
    const waits = Array.from({ length: 200 }, () => state.nextLatencyMs());
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...waits)).toBeLessThanOrEqual(50);
    expect(new Set(waits).size).toBeGreaterThan(10);
  });

  test('gives the same answer to the same request', async () => {
    const { get } = sandbox();
    const a = await (await get('/search?query=coffee&country=gb&api_key=demo-key')).text();
    const b = await (await get('/search?query=coffee&country=gb&api_key=demo-key')).text();
    expect(a).toBe(b);
  });

  test('serves contract-shaped data for every JSON endpoint', async () => {
    const { get } = sandbox();
    const json = async (path: string) =>
      (await (await get(`${path}&api_key=demo-key`)).json()) as Record<string, unknown>;
    expect((await json('/engine_shorts?query=cats')).short_videos_results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: expect.any(String),
          source_logo: expect.stringMatching(/^data:image\//),
        }),
      ]),
    );
    const ac = await json('/engine_autocomplete?query=how');
    const rel = (ac.suggestions as { relevance: number; type: string }[]).map((s) => s.relevance);
    expect(rel).toEqual([...rel].sort((x, y) => y - x));
    expect(typeof ac.verbatim_relevance).toBe('number');
    expect((await json('/webhook?url=https://example.com')).sid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(
      (
        (await json('/realty?url=https://www.realty.example/homes/austin-tx_rb/'))
          .realty_listings as unknown[]
      ).length,
    ).toBeGreaterThan(10);
  });

  test('answers a screenshot in the asked format with its content type', async () => {
    const { get } = sandbox();
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ]) {
      const res = await get(
        `/screenshot?url=https://example.com&format=${format}&width=200&height=100&api_key=demo-key`,
      );
      expect(res.headers.get('content-type')).toBe(type);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  test('injects a status fault a given number of times, charging only a 404', async () => {
    const { app, get, state } = sandbox();
    await app.fetch(
      new Request('http://s.test/_sandbox/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'status', status: 503, times: 2 }),
      }),
    );
    expect((await get('/search?query=a&api_key=demo-key')).status).toBe(503);
    expect((await get('/search?query=a&api_key=demo-key')).status).toBe(503);
    expect((await get('/search?query=a&api_key=demo-key')).status).toBe(200);
    await app.fetch(
      new Request('http://s.test/_sandbox/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'status', status: 404, endpoint: 'search' }),
      }),
    );
    expect((await get('/search?query=a&api_key=demo-key')).status).toBe(404);
    expect(state.accounts.get('demo-key')?.requestUsed).toBe(40);
  });

  test('a 200 status fault with a body answers it with its Content-Type and charges a success', async () => {
    const { app, get, state } = sandbox();
    await app.fetch(
      new Request('http://s.test/_sandbox/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'status',
          status: 200,
          body: '{"width":1280}',
          contentType: 'application/json',
        }),
      }),
    );
    const res = await get('/screenshot?url=https://example.com&api_key=demo-key');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe('{"width":1280}');
    expect(state.accounts.get('demo-key')?.requestUsed).toBe(5);
  });

  test('refuses a malformed fault with a reason', async () => {
    const { app } = sandbox();
    const res = await app.fetch(
      new Request('http://s.test/_sandbox/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'explode' }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/kind must be one of/);
  });

  test('serves generated listing photos as JPEG', async () => {
    const { get } = sandbox();
    const res = await get('/api/_sandbox/photos/abc-1.jpg');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await get('/_sandbox/photos/..%2Fetc.jpg')).status).toBe(404);
  });

  test('an aborted request is charged once, stamped when it arrived, and the ledger saw it arrive', async () => {
    const { app, state } = createSandbox({ latencyMs: 200 });
    const controller = new AbortController();
    const arrived = Date.now();
    const answer = app.fetch(
      new Request('http://sandbox.test/search?query=dal+soup&gl=de&api_key=demo-key', {
        signal: controller.signal,
      }),
    );
    expect(state.received).toEqual([
      {
        at: expect.any(String),
        endpoint: '/search',
        params: { query: 'dal soup', gl: 'de' },
      },
    ]);
    setTimeout(() => controller.abort(), 50);
    await answer;
    expect(state.calls).toEqual([
      { at: state.received[0]!.at, endpoint: '/search', status: 499, credits: 20, aborted: true },
    ]);
    expect(Date.parse(state.calls[0]!.at) - arrived).toBeLessThan(40);
    expect(state.accounts.get('demo-key')!.requestUsed).toBe(20);
  });
});
