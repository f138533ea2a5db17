import { describe, expect, test } from 'vitest';
import { createSandbox } from './app.ts';

function sandbox() {
  const { app, state } = createSandbox({ latencyMs: 0 });
  const get = (path: string) => app.fetch(new Request(`http://sandbox.test${path}`));
  const post = (path: string, body: unknown) =>
    app.fetch(
      new Request(`http://sandbox.test${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const used = async () =>
    ((await (await get('/account?api_key=demo-key')).json()) as { requestUsed: number })
      .requestUsed;
  return { state, get, post, used };
}

describe('sandbox costs of endpoints whose cost is unpublished', () => {
  test('a short-video search is charged a small cost of its own', async () => {
    const { get, used } = sandbox();
    await get('/engine_shorts?query=cats&api_key=demo-key');
    expect(await used()).toBe(10);
  });

  test('the control endpoint sets a cost, and a reset brings the defaults back', async () => {
    const { get, post, used } = sandbox();
    expect((await post('/_sandbox/costs', { autocomplete: 7 })).status).toBe(200);
    await get('/engine_autocomplete?query=how&api_key=demo-key');
    expect(await used()).toBe(7);
    await post('/_sandbox/reset', {});
    await get('/engine_autocomplete?query=how&api_key=demo-key');
    expect(await used()).toBe(2);
  });

  test('a reset can carry costs, e.g. every unpublished cost at 0', async () => {
    const { get, post, used } = sandbox();
    await post('/_sandbox/reset', { costs: { shorts: 0, realty: 0 } });
    await get('/engine_shorts?query=cats&api_key=demo-key');
    expect(await used()).toBe(0);
  });

  test('an unknown endpoint or a fractional cost is refused with a reason', async () => {
    const { post } = sandbox();
    const unknown = await post('/_sandbox/costs', { nope: 1 });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toMatch(/unknown endpoint "nope"/);
    expect((await post('/_sandbox/costs', { shorts: 1.5 })).status).toBe(400);
  });
});
