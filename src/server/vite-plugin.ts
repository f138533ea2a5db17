import { resolve } from 'node:path';
import type { Plugin, PreviewServer } from 'vite';
import { createApiMiddleware, isApiPath, type Middleware } from './api-middleware.ts';
import { readApiConfig, readRunnerUrl, type ApiConfig } from './config.ts';
import { PAGE_HEADERS } from './security-headers.ts';
import { serveViewPages } from './view-pages.ts';

type Middlewares = { middlewares: { use: (fn: ReturnType<typeof createApiMiddleware>) => void } };

const describeUpstream = (config: ApiConfig) =>
  config.mode === 'live'
    ? `live upstream ${config.target.host}`
    : 'the built-in sandbox (key: demo-key)';

/**
 * The pages' security headers on every path but the API's own (`/api`, `/api/…`), whose
 * answers carry their own, stricter ones: `/apix` or `/api.html` is a page like any other.
 */
export const pageHeaders: Middleware = (req, res, next) => {
  if (!isApiPath(req.url ?? '')) {
    for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
  }
  next();
};

/**
 * Mounts `/api/*` (sandbox or live proxy) into both `vite` and `vite preview`. Preview,
 * which serves the production build, also sends the pages' security headers (dev needs
 * inline scripts for hot reload, so it does not).
 */
export function apiPlugin(env: Readonly<Record<string, string | undefined>>): Plugin {
  const config = readApiConfig(env);
  const runner = readRunnerUrl(env) !== null;
  const mount = (server: Middlewares) =>
    server.middlewares.use(createApiMiddleware(config, { runner }));
  return {
    name: 'dashboard-api',
    configureServer(server) {
      mount(server);
      server.httpServer?.once('listening', () =>
        server.config.logger.info(`  ➜  API:     /api → ${describeUpstream(config)}`),
      );
    },
    configurePreviewServer(server: PreviewServer) {
      server.middlewares.use(pageHeaders);
      server.middlewares.use(
        serveViewPages(resolve(server.config.root, server.config.build.outDir)),
      );
      mount(server);
      server.httpServer?.once('listening', () => {
        const where = describeUpstream(config);
        // Said loudly: a preview meant for production would otherwise hand out fake data.
        if (config.mode === 'sandbox')
          server.config.logger.warn(
            `  ⚠  API:     /api → ${where}. No API_TARGET is set: this preview serves SANDBOX data, not the live service.`,
          );
        else server.config.logger.info(`  ➜  API:     /api → ${where}`);
      });
    },
  };
}
