import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { OPENAPI_FILE, openApiDocument } from '../api/interop/openapi.ts';

const appRoot = resolve(import.meta.dirname, '../..');

/** The OpenAPI 3.1 document as a file: the service's base is left as a `{base_url}` variable. */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

/**
 * Writes the catalogue's OpenAPI document to `dist/openapi.json` at build (served as a
 * static file by `vite preview` and nginx), and serves it at `/openapi.json` in dev too.
 */
export function openApiPlugin(): Plugin {
  let isApp = true;
  return {
    name: 'dashboard-openapi',
    configResolved(config) {
      // The bench's framework floors build with this config too: they are not the app.
      isApp = resolve(config.root) === appRoot && config.build.rolldownOptions.input === undefined;
    },
    configureServer(server) {
      server.middlewares.use(`/${OPENAPI_FILE}`, (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(openApiText());
      });
    },
    generateBundle() {
      if (isApp) this.emitFile({ type: 'asset', fileName: OPENAPI_FILE, source: openApiText() });
    },
  };
}
