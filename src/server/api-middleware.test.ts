import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect, test } from 'vitest';
import { isApiPath, META_PATH, normalisedPath, type Middleware } from './api-middleware.ts';

test('a path is normalised as nginx reads it: escapes decoded, slashes merged, dots resolved', () => {
  expect(normalisedPath('//api/./x/../%73earch%2f')).toBe('/api/search');
  expect(normalisedPath('/../..')).toBe('/');
});

test('an /api path in either spelling is the API’s; /apix and /api.html are pages', () => {
  for (const url of ['/api', '/api?x=1', '/api/search', '//api/search', '/x/../api/search'])
    expect(isApiPath(url), url).toBe(true);
  for (const url of ['/apix', '/api.html', '/search?next=/api/search', '/'])
    expect(isApiPath(url), url).toBe(false);
});

test('the meta says whether /runner/ goes to a runner: only with RUNNER_URL set', async () => {
  const { apiPlugin } = await import('./vite-plugin.ts');
  const metaOf = async (env: Record<string, string>) => {
    const mounted: Middleware[] = [];
    const plugin = apiPlugin({ API_TARGET: '', ...env });
    const configure = plugin.configureServer as (server: unknown) => void;
    configure({ middlewares: { use: (fn: Middleware) => mounted.push(fn) }, httpServer: null });
    return new Promise<unknown>((resolve, reject) => {
      const res = {
        setHeader: () => undefined,
        end: (body: string) => resolve(JSON.parse(body)),
      } as unknown as ServerResponse;
      mounted[0]!({ url: META_PATH } as IncomingMessage, res, reject);
    });
  };
  expect(await metaOf({})).toMatchObject({ runner: false });
  expect(await metaOf({ RUNNER_URL: '  ' })).toMatchObject({ runner: false });
  expect(await metaOf({ RUNNER_URL: 'http://127.0.0.1:8790' })).toMatchObject({ runner: true });
});
