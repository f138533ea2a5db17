import { describe, expect, test } from 'vitest';
import { createSandbox } from './app.ts';
import { RESERVED_QUERIES, reservedFailure } from './reserved-queries.ts';

function sandbox() {
  const { app, state } = createSandbox({ latencyMs: 0 });
  const get = (path: string) => app.fetch(new Request(`http://sandbox.test${path}`));
  const used = () => state.accounts.get('demo-key')!.requestUsed;
  return { get, state, used };
}

describe('reserved queries', () => {
  test('sandbox:error-500 fails with HTTP 500 in plain text and spends nothing', async () => {
    const { get, state, used } = sandbox();
    const res = await get('/search?query=sandbox%3Aerror-500&api_key=demo-key');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(used()).toBe(0);
    expect(state.calls.at(-1)).toMatchObject({ endpoint: '/search', status: 500, credits: 0 });
  });

  test('sandbox:charged-404 answers 404 and is charged like a success', async () => {
    const { get, state, used } = sandbox();
    const res = await get('/search?query=sandbox%3Acharged-404&country=de&api_key=demo-key');
    expect(res.status).toBe(404);
    expect(used()).toBe(20);
    expect(state.calls.at(-1)).toMatchObject({ endpoint: '/search', status: 404, credits: 20 });
  });

  test('they hold on every endpoint that takes a query, at that endpoint’s cost', async () => {
    const { get, state, used } = sandbox();
    state.costs.autocomplete = 2;
    state.costs.shorts = 10;
    expect(
      (await get('/engine_autocomplete?query=sandbox:charged-404&api_key=demo-key')).status,
    ).toBe(404);
    expect((await get('/engine_shorts?query=sandbox:charged-404&api_key=demo-key')).status).toBe(
      404,
    );
    expect((await get('/engine_shorts?query=sandbox:error-500&api_key=demo-key')).status).toBe(500);
    expect(used()).toBe(12);
  });

  test('are matched trimmed and in any case, and a query that only contains one is answered', async () => {
    expect(reservedFailure('  SANDBOX:Error-500 ')).toEqual({ status: 500, charged: false });
    expect(reservedFailure('about sandbox:error-500')).toBeUndefined();
    expect(reservedFailure(undefined)).toBeUndefined();
    const { get } = sandbox();
    expect((await get('/search?query=about%20sandbox%3Aerror-500&api_key=demo-key')).status).toBe(
      200,
    );
  });

  test('a wrong key or an empty account still answers first, as for any query', async () => {
    const { get, state, used } = sandbox();
    expect((await get('/search?query=sandbox:charged-404&api_key=nope')).status).toBe(401);
    state.accounts.get('demo-key')!.requestUsed = 100_000 - 10;
    expect((await get('/search?query=sandbox:charged-404&api_key=demo-key')).status).toBe(403);
    expect(used()).toBe(100_000 - 10);
  });

  test('the list names the hostile query too', () => {
    expect(RESERVED_QUERIES).toEqual([
      'sandbox:error-500',
      'sandbox:charged-404',
      'sandbox:hostile',
    ]);
  });
});
