// @vitest-environment node
import { serve, type ServerType } from '@hono/node-server';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSandbox } from './app.ts';

// `npm run sandbox` serves the hono app alone (src/sandbox/serve.ts): no Vite middleware in
// front, so the app itself must refuse control writes from other sites.
let server: ServerType;
let origin: string;

beforeAll(async () => {
  const { app } = createSandbox({ latencyMs: 0, standalone: true });
  await new Promise<void>((ready) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

const creditsUsed = async () =>
  (
    (await (await fetch(`${origin}/_sandbox`)).json()) as {
      accounts: Record<string, { requestUsed: number }>;
    }
  ).accounts['demo-key']?.requestUsed;

test.each([
  [
    'a form post from another site',
    'application/x-www-form-urlencoded',
    'https://evil.example',
    403,
  ],
  ['a text/plain fetch from another site', 'text/plain', 'https://evil.example', 403],
  ['JSON from another site', 'application/json', 'https://evil.example', 403],
  ['a text/plain write from no site at all', 'text/plain', undefined, 415],
])('the standalone sandbox refuses %s', async (_, type, from, status) => {
  const res = await fetch(`${origin}/_sandbox/credits`, {
    method: 'POST',
    headers: { 'content-type': type, ...(from ? { origin: from } : {}) },
    body: '{"used":99999}',
  });
  expect(res.status).toBe(status);
  expect(await creditsUsed()).toBe(0);
});

test('the standalone sandbox takes JSON from its own origin and from curl', async () => {
  for (const from of [origin, undefined]) {
    const res = await fetch(`${origin}/_sandbox/credits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(from ? { origin: from } : {}) },
      body: '{"used":7}',
    });
    expect(res.status).toBe(200);
  }
  expect(await creditsUsed()).toBe(7);
});

/** A request as a DNS-rebinding page sends it: its own name, pointed at 127.0.0.1. */
function rebound(path: string, init: { method?: string; origin?: string; body?: string } = {}) {
  return new Promise<number>((done, fail) => {
    const req = request(
      `${origin}${path}`,
      {
        method: init.method ?? 'GET',
        headers: {
          host: `evil.example:${new URL(origin).port}`,
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          ...(init.origin ? { origin: init.origin } : {}),
        },
      },
      (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      },
    );
    req.on('error', fail);
    req.end(init.body);
  });
}

test('a DNS-rebinding page can neither write nor read the standalone sandbox', async () => {
  const evil = `http://evil.example:${new URL(origin).port}`;
  expect(
    await rebound('/_sandbox/credits', { method: 'POST', origin: evil, body: '{"used":99999}' }),
  ).toBe(403);
  for (const path of ['/_sandbox', '/_sandbox/inbox', '/account?api_key=demo-key'])
    expect(await rebound(path), path).toBe(403);
  expect(await creditsUsed()).not.toBe(99999);
});

test('a control write from a loopback origin on another port is the app’s own', async () => {
  for (const from of ['http://localhost:5173', 'http://127.0.0.1:4173', 'http://[::1]:8080']) {
    const res = await fetch(`${origin}/_sandbox/credits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: from },
      body: '{"used":3}',
    });
    expect(res.status, from).toBe(200);
  }
  const foreign = await fetch(`${origin}/_sandbox/credits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost.evil.example' },
    body: '{"used":3}',
  });
  expect(foreign.status).toBe(403);
});

const control = (path: string, body: object, method = 'POST') =>
  fetch(`${origin}/_sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('a reset fault aimed at the account resets its connections until cleared; "*" leaves the account alone', async () => {
  const account = () => fetch(`${origin}/account?api_key=demo-key`);
  expect((await control('/faults', { kind: 'drop', times: 5 })).status).toBe(201);
  expect((await account()).status).toBe(200);
  await control('/faults', {}, 'DELETE');

  expect((await control('/faults', { endpoint: 'account', kind: 'reset', times: 2 })).status).toBe(
    201,
  );
  for (let i = 0; i < 2; i++) {
    const error = await account().then(
      () => null,
      (e: Error & { cause?: { code?: string } }) => e.cause?.code,
    );
    expect(error).toBe('ECONNRESET');
  }
  expect((await account()).status).toBe(200);
});
