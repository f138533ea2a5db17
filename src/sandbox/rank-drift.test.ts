import { describe, expect, test } from 'vitest';
import { createSandbox } from './app.ts';
import { organicResults } from './data/search.ts';

function sandbox() {
  const { app, state } = createSandbox({ latencyMs: 0 });
  const get = (path: string) => app.fetch(new Request(`http://sandbox.test${path}`));
  const drift = (body: unknown) =>
    app.fetch(
      new Request('http://sandbox.test/_sandbox/drift', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const links = async (query: string) => {
    const res = await get(`/search?query=${encodeURIComponent(query)}&api_key=demo-key`);
    const body = (await res.json()) as { organic_results: { link: string }[] };
    return body.organic_results.map((r) => r.link);
  };
  return { state, drift, links };
}

const QUERIES = ['coffee', 'best running shoes', 'climate change', 'cheap flights to tokyo'];

describe('rank drift', () => {
  test('day 0 answers as before; the control moves the day on and the same query answers the next day’s page', async () => {
    const { drift, links, state } = sandbox();
    const day0 = await links('coffee');
    expect(day0).toEqual(organicResults({ query: 'coffee' }).map((r) => r.link));
    const res = await drift({ days: 1 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { day: number }).day).toBe(1);
    expect(await links('coffee')).toEqual(
      organicResults({ query: 'coffee' }, 1).map((r) => r.link),
    );
    expect(state.day()).toBe(1);
  });

  test('is deterministic by day and moves ranks over days, entries and exits included', () => {
    let moved = 0;
    let entries = 0;
    for (const query of QUERIES)
      for (let day = 0; day < 10; day++) {
        const a = organicResults({ query }, day).map((r) => r.link);
        const b = organicResults({ query }, day + 1).map((r) => r.link);
        expect(organicResults({ query }, day + 1).map((r) => r.link)).toEqual(b);
        if (a.some((link, i) => b[i] !== link)) moved += 1;
        if (b.some((link) => !a.includes(link))) entries += 1;
      }
    expect(moved).toBeGreaterThan(20);
    expect(entries).toBeGreaterThan(3);
  });

  test('days pass by themselves too, and a reset starts again at day 0', () => {
    const { state } = sandbox();
    expect(state.day(state.dayZeroAt + 2.5 * 86_400_000)).toBe(2);
    state.driftDays = 4;
    state.reset();
    expect(state.day()).toBe(0);
  });

  test('refuses a day count out of range', async () => {
    const { drift } = sandbox();
    for (const days of [0, -1, 1.5, 'x', 1000]) expect((await drift({ days })).status).toBe(400);
  });
});

describe('notices', () => {
  test('the inbox receives the dashboard’s notices and lists them', async () => {
    const { app } = createSandbox({ latencyMs: 0 });
    const post = (body: string) =>
      app.fetch(
        new Request('http://sandbox.test/_sandbox/inbox/notices', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
    expect((await post('[1]')).status).toBe(400);
    expect((await post(JSON.stringify({ kind: 'tracker-alert', text: 'up 3' }))).status).toBe(201);
    const inbox = (await (
      await app.fetch(new Request('http://sandbox.test/_sandbox/inbox'))
    ).json()) as {
      notices: { payload: unknown }[];
    };
    expect(inbox.notices.map((n) => n.payload)).toEqual([{ kind: 'tracker-alert', text: 'up 3' }]);
  });
});
