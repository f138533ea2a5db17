// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// `npm run dev` as a user runs it: the project's own vite.config.ts, sandbox mode.
let server: ViteDevServer;
let origin: string;

beforeAll(async () => {
  process.env.API_TARGET = '';
  server = await createServer({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    server: { port: 0, strictPort: false, hmr: false },
    logLevel: 'silent',
  });
  await server.listen();
  const address = server.httpServer?.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 30_000);

afterAll(async () => {
  await server?.close();
});

describe('the dev server', () => {
  test('serves the dashboard page', async () => {
    const res = await fetch(`${origin}/search?query=x`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  test('mounts the sandbox under /api, both slash forms, same origin', async () => {
    for (const path of [
      '/api/search?query=x&api_key=demo-key',
      '/api/search/?query=x&api_key=demo-key',
    ]) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(200);
      expect(
        ((await res.json()) as { organic_results: unknown[] }).organic_results.length,
      ).toBeGreaterThan(0);
    }
    const denied = await fetch(`${origin}/api/account?api_key=wrong`);
    expect([denied.status, await denied.text()]).toEqual([
      401,
      expect.stringMatching(/Invalid API key/),
    ]);
  });

  test('describes itself as the sandbox', async () => {
    const meta = (await (await fetch(`${origin}/api/_dashboard/meta`)).json()) as {
      mode: string;
      demoKey: string;
    };
    expect(meta).toMatchObject({ mode: 'sandbox', demoKey: 'demo-key' });
  });
});
