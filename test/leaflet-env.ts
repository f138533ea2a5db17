/**
 * jsdom helpers for tests that render the realty map (toolchain.md §4). Import
 * this first in a test file, before anything that loads Leaflet.
 *
 * - jsdom has no canvas: Leaflet's canvas renderer (`preferCanvas`) gets a
 *   no-op 2D context.
 * - jsdom has no layout: every element reports 800×600, so the map has a size
 *   (fitBounds, clustering) and the virtualised list renders a screenful of rows.
 * - No tiles (`VITE_TILE_URL=none`): the map goes straight to the offline
 *   basemap, without a tile probe that would only time out in jsdom.
 * - The basemap JSON is fetched by URL; here those URLs are answered from
 *   node_modules, and everything else goes on to the fetch installed by test/setup.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, vi } from 'vitest';

HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  const target: Record<string | symbol, unknown> = {
    canvas: this,
    measureText: () => ({ width: 0 }),
    getImageData: () => ({ data: new Uint8ClampedArray(4) }),
  };
  return new Proxy(target, {
    get: (o, k) => (k in o ? o[k] : () => undefined),
    set: (o, k, v) => {
      o[k] = v;
      return true;
    },
  });
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get: () => 600,
});

vi.stubEnv('VITE_TILE_URL', 'none');

// jsdom replaces the global URL, so paths are built from fileURLToPath, not new URL(…, import.meta.url).
const modules = join(dirname(fileURLToPath(import.meta.url)), '../node_modules');
const BASEMAP_FILES: Record<string, string> = {
  'countries-110m.json': join(modules, 'world-atlas/countries-110m.json'),
  'states-10m.json': join(modules, 'us-atlas/states-10m.json'),
};

beforeAll(() => {
  // Runs after test/setup.ts has pointed relative /api/ fetches at the sandbox.
  const next = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const file = Object.keys(BASEMAP_FILES).find((name) => url.split('?')[0]?.endsWith(name));
    if (file && !url.includes('/api/'))
      return Promise.resolve(
        new Response(readFileSync(BASEMAP_FILES[file]!, 'utf8'), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    return next(input, init);
  });
});
