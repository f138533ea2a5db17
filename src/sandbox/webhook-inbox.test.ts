import { describe, expect, test } from 'vitest';
import { createSandbox } from './app.ts';
import type { Delivery } from './webhook-inbox.ts';

function sandbox(delayMs: number) {
  const { app, state } = createSandbox({ latencyMs: 0 });
  state.inbox.delayMs = delayMs;
  const get = (path: string) => app.fetch(new Request(`http://sandbox.test${path}`));
  const inbox = async () =>
    ((await (await get('/_sandbox/inbox')).json()) as { deliveries: Delivery[] }).deliveries;
  return { state, get, inbox };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('sandbox webhook jobs', () => {
  test('each submission answers a new UUID v4 sid', async () => {
    const { get } = sandbox(0);
    const path = '/webhook?url=https://example.com/&webhook_id=orders&api_key=demo-key';
    const a = ((await (await get(path)).json()) as { sid: string }).sid;
    const b = ((await (await get(path)).json()) as { sid: string }).sid;
    expect(a).toMatch(UUID_V4);
    expect(b).toMatch(UUID_V4);
    expect(a).not.toBe(b);
  });

  test('a job is delivered to the inbox after the delay, with its sid, url and a body', async () => {
    const { state, get, inbox } = sandbox(40);
    const res = await get('/webhook?url=https://example.com/a&dynamic=true&api_key=demo-key');
    const { sid } = (await res.json()) as { sid: string };
    expect(await inbox()).toEqual([]);
    expect(state.inbox.jobs).toMatchObject([{ sid, params: { url: 'https://example.com/a' } }]);
    await new Promise((r) => setTimeout(r, 80));
    const [delivery] = await inbox();
    expect(delivery?.sid).toBe(sid);
    expect(delivery?.payload).toMatchObject({ sid, url: 'https://example.com/a', dynamic: true });
    expect(delivery?.payload.body).toContain('example.com');
    expect(delivery?.latencyMs).toBeGreaterThanOrEqual(30);
  });

  test('a failed submission is never delivered, and a reset drops deliveries on their way', async () => {
    const { state, get, inbox } = sandbox(20);
    await get('/webhook?url=not-a-url&api_key=demo-key');
    await get('/webhook?url=https://example.com/&api_key=demo-key');
    state.reset();
    await new Promise((r) => setTimeout(r, 60));
    expect(await inbox()).toEqual([]);
  });
});
