/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import { prerenderPlugin } from './src/prerender/vite-plugin.ts';
import { openApiPlugin } from './src/server/openapi-plugin.ts';
import { readRunnerUrl } from './src/server/config.ts';
import { apiPlugin } from './src/server/vite-plugin.ts';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const ENTRY = resolve(import.meta.dirname, 'src/main.tsx');
const ROUTER_ESM = (file: string) =>
  resolve(import.meta.dirname, 'node_modules/react-router/dist/development', file);

/** Every module the entry imports statically, directly or not. */
function staticallyFromEntry(graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(ENTRY);
  return seen;
}

/**
 * App modules that two or more views share go into one chunk instead of one small chunk per
 * combination of views: a view then loads as its own chunk plus this one, not twenty
 * requests (each a round trip on a phone; decision 022). Left out: what the entry already
 * loads, modules loaded on their own (the response schemas, the JSON tree: dynamic imports
 * stay separate chunks whatever the group says), the interop code (`interop/` folders: pasted
 * requests, exports), which no view loads with itself, and packages.
 */
function viewSharedChunk(id: string, inEntry: () => Set<string>): string | null {
  if (
    !/[\\/]src[\\/](components|workspace|lib|api|session)[\\/]/.test(id) ||
    /schemas\.ts$/.test(id) ||
    /[\\/]interop[\\/]/.test(id)
  )
    return null;
  return inEntry().has(id) ? null : 'view-shared';
}

/**
 * `/runner/` to a tracker runner (RUNNER_URL, e.g. http://127.0.0.1:8790), same-origin for the
 * Trackers view; the runner checks the token the page sends (decision 074). None without it.
 */
function runnerProxy(env: Record<string, string | undefined>) {
  const target = readRunnerUrl(env);
  return target ? { '/runner/': { target, changeOrigin: true } } : undefined;
}

/**
 * Every package the browser code imports, pre-bundled when the dev server starts (Vite's
 * dependency optimizer). One found later, as a lazily loaded view first imports it, makes the
 * optimizer bundle again with new hashes: a page that already runs React then loads a view's
 * packages against a second React ("Cannot read properties of null (reading 'use')" in
 * react-leaflet, issue #36). `test/lint/optimize-deps.test.ts` keeps the list complete.
 */
export const BROWSER_PACKAGES = [
  '@react-leaflet/core',
  '@tanstack/query-persist-client-core',
  '@tanstack/react-query',
  '@tanstack/react-virtual',
  'idb-keyval',
  'kdbush',
  'leaflet',
  'react',
  'react-dom',
  'react-dom/client',
  'react-leaflet',
  'react-router',
  'react-router/dom',
  'react/jsx-dev-runtime',
  'react/jsx-runtime',
  'supercluster',
  'topojson-client',
  'zod/mini',
];

export default defineConfig(({ mode }) => {
  // '' prefix: API_TARGET and friends are server-side settings, never exposed to the bundle.
  const env = { ...loadEnv(mode, import.meta.dirname, ''), ...process.env };
  // Per build, once its module graph is known: what the entry loads statically.
  let entryModules: { graph: ModuleGraph; ids: Set<string> } | undefined;
  const inEntry = (graph: ModuleGraph) => () => {
    if (entryModules?.graph !== graph) entryModules = { graph, ids: staticallyFromEntry(graph) };
    return entryModules.ids;
  };
  return {
    plugins: [react(), tailwindcss(), apiPlugin(env), prerenderPlugin(), openApiPlugin()],
    server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: runnerProxy(env) },
    optimizeDeps: { include: BROWSER_PACKAGES },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: runnerProxy(env) },
    // The demo file's reader (workspace/demos/demo-file.worker.ts) imports its schemas lazily:
    // a worker that splits into chunks must be an ES module.
    worker: { format: 'es' },
    build: {
      target: 'es2022',
      reportCompressedSize: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // A group takes the modules it names, not everything they import (react, …).
            includeDependenciesRecursively: false,
            groups: [
              {
                debugName: 'view-shared',
                name: (id, ctx) => viewSharedChunk(id, inEntry(ctx)),
                minShareCount: 2,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      exclude: ['test/e2e/**', 'node_modules/**'],
      restoreMocks: true,
      testTimeout: 15_000,
      // As Playwright does under CI: one retry, so a timeout on a loaded machine does not sink a
      // run; test/races-reporter.mjs names every test that needed it (decision 103).
      retry: process.env.CI ? 1 : 0,
      // react-router 7 ships CJS and ESM builds; under vitest some imports reached one and some
      // the other, two copies whose contexts do not meet. Every import gets the ESM build
      // (decision 076).
      alias: [
        { find: /^react-router$/, replacement: ROUTER_ESM('index.mjs') },
        { find: /^react-router\/dom$/, replacement: ROUTER_ESM('dom-export.mjs') },
      ],
    },
  };
});
