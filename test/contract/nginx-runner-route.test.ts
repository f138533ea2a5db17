// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOSTILE_HEADERS, startHostileUpstream, type HostileUpstream } from './hostile-upstream.ts';
import { nginxMissing, startNginx, type RunningNginx } from './nginx-runner.ts';

// deploy/nginx.conf.template's /runner/ route (decision 080): the runner's door behind the
// dashboard's origin with the API route's hygiene, in front of a hostile upstream standing in
// for a runner. Skipped where nginx is missing locally; required under CI.
const missing = nginxMissing();
const run = !missing || process.env.CI ? describe : describe.skip;

let runner: HostileUpstream;
let nginx: RunningNginx;

run('nginx in front of a tracker runner (/runner/)', () => {
  beforeAll(async () => {
    runner = await startHostileUpstream();
    const dist = mkdtempSync(join(tmpdir(), 'dashboard-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    nginx = await startNginx({ upstream: 'http://127.0.0.1:9', runner: runner.origin, dist });
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await runner?.close();
  });

  const API_HEADERS = {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };

  test('only the token, the body’s type and Accept reach the runner: no cookie, key, credentials or forwarding header', async () => {
    const before = runner.received.length;
    const res = await fetch(`${nginx.origin}/runner/trackers`, {
      method: 'POST',
      headers: {
        'x-runner-token': 'door-token',
        'content-type': 'application/json',
        cookie: 'session=1',
        'x-api-key': 'the-key',
        authorization: 'Bearer x',
        referer: 'http://dashboard/?api_key=the-key',
        'x-forwarded-for': '10.0.0.1',
      },
      body: '{"kind":"web-data-dashboard.trackers"}',
    });
    expect(res.status).toBe(200);
    await res.text();
    const got = runner.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.method).toBe('POST');
    expect(got[0]!.url).toBe('/runner/trackers');
    expect(got[0]!.headers['x-runner-token']).toBe('door-token');
    expect(got[0]!.headers['content-type']).toBe('application/json');
    expect(got[0]!.body).toBe('{"kind":"web-data-dashboard.trackers"}');
    for (const name of ['cookie', 'x-api-key', 'authorization', 'referer', 'x-forwarded-for'])
      expect(got[0]!.headers[name], name).toBeUndefined();
  });

  test('the runner’s answer keeps only the allow-listed headers, and gets the API route’s', async () => {
    // Each of the runner's three reads (decision 089 added its schedules).
    for (const path of ['trackers', 'schedules']) {
      const read = await fetch(`${nginx.origin}/runner/${path}?act=headers`, {
        headers: { 'x-runner-token': 'door-token' },
      });
      expect(read.status, path).toBe(200);
    }
    const res = await fetch(`${nginx.origin}/runner/alerts?act=headers`, {
      headers: { 'x-runner-token': 'door-token' },
    });
    expect(res.status).toBe(200);
    const headers = Object.fromEntries(res.headers);
    for (const name of Object.keys(HOSTILE_HEADERS).filter((n) => n !== 'retry-after'))
      if (!(name in API_HEADERS)) expect(headers[name], name).toBeUndefined();
    expect(headers).toMatchObject(API_HEADERS);
    expect(headers['content-type']).toBe('application/json');
  });

  test('an interim (1xx) answer from the runner is refused with the marked 502 (decision 061)', async () => {
    const res = await fetch(`${nginx.origin}/runner/trackers?act=informational&status=103`, {
      headers: { 'x-runner-token': 'door-token' },
    }).catch(() => null);
    if (res) {
      expect(res.status).toBe(502);
      expect(res.headers.get('x-dashboard-proxy-error')).toBe('interim');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('content-type')).not.toContain('html');
    }
  });

  test('other paths and methods go nowhere near the runner', async () => {
    const before = runner.received.length;
    const other = await fetch(`${nginx.origin}/runner/admin`);
    expect([other.status, await other.text()]).toEqual([404, 'Not a runner path.']);
    const put = await fetch(`${nginx.origin}/runner/trackers`, { method: 'PUT', body: 'x' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(runner.received.length).toBe(before);
  });

  test('a runner that is down reads as the proxy’s own plain-text error, not the app’s page', async () => {
    const down = await startNginx({
      upstream: 'http://127.0.0.1:9',
      runner: 'http://127.0.0.1:9',
      dist: mkdtempSync(join(tmpdir(), 'dashboard-dist-')),
    });
    try {
      const res = await fetch(`${down.origin}/runner/trackers`, {
        headers: { 'x-runner-token': 'door-token' },
      });
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toMatch(/could not reach the runner/);
    } finally {
      await down.stop();
    }
  });
});
