import type { Plugin } from 'vite';
import { createApiMiddleware } from './api-middleware.ts';
import { readApiConfig } from './config.ts';

/** Mounts `/api/*` (sandbox or live proxy) into both `vite` and `vite preview`. */
export function apiPlugin(env: Readonly<Record<string, string | undefined>>): Plugin {
  const config = readApiConfig(env);
  const mount = (server: {
    middlewares: { use: (fn: ReturnType<typeof createApiMiddleware>) => void };
  }) => {
    server.middlewares.use(createApiMiddleware(config));
  };
  return {
    name: 'dashboard-api',
    configureServer(server) {
      mount(server);
      const where =
        config.mode === 'live'
          ? `live upstream ${config.target.host}`
          : 'the built-in sandbox (key: demo-key)';
      server.httpServer?.once('listening', () =>
        server.config.logger.info(`  ➜  API:     /api → ${where}`),
      );
    },
    configurePreviewServer: mount,
  };
}
