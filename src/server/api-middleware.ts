import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEMO_KEY } from '../sandbox/state.ts';
import type { SandboxExamples } from '../api/upstream-meta.ts';
import { metaFor, type ApiConfig } from './config.ts';
import { proxyRequest } from './proxy.ts';

type Next = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

export const META_PATH = '/api/_dashboard/meta';
const SANDBOX_CONTROL = /^\/api\/_sandbox(\/|$|\?)/;

/**
 * Everything under `/api`: the dashboard's own meta route, then either the live
 * upstream (through the proxy) or the embedded sandbox, in-process, on the same port.
 * Vite dev, Vite preview and the jsdom tests all mount this one function.
 */
export function createApiMiddleware(config: ApiConfig): Middleware {
  let sandboxListener: Promise<(req: IncomingMessage, res: ServerResponse) => unknown> | undefined;
  // Loaded on first use so a live-mode server never pulls in the sandbox (and sharp).
  const sandbox = () =>
    (sandboxListener ??= Promise.all([
      import('@hono/node-server'),
      import('../sandbox/app.ts'),
    ]).then(([{ getRequestListener }, { createSandbox }]) =>
      getRequestListener(
        createSandbox({ latencyMs: config.mode === 'sandbox' ? config.latencyMs : 0 }).app.fetch,
      ),
    ));

  const examples = async (): Promise<SandboxExamples | null> => {
    if (config.mode !== 'sandbox') return null;
    const [{ SEARCH_SAMPLE_QUERIES }, { REALTY_EXAMPLE_URLS }] = await Promise.all([
      import('../sandbox/data/search.ts'),
      import('../sandbox/data/realty.ts'),
    ]);
    return { searchQueries: SEARCH_SAMPLE_QUERIES, realtyUrls: REALTY_EXAMPLE_URLS };
  };

  return (req, res, next) => {
    const url = req.url ?? '';
    if (!(url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))) return next();
    if (url.split('?')[0] === META_PATH) {
      examples()
        .then((ex) => {
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-store');
          res.end(JSON.stringify(metaFor(config, DEMO_KEY, ex)));
        })
        .catch(next);
      return;
    }
    if (config.mode === 'live') {
      if (SANDBOX_CONTROL.test(url)) {
        res.statusCode = 404;
        res.end('The sandbox control endpoint exists only in sandbox mode.');
        return;
      }
      proxyRequest(config, req, res).catch(next);
      return;
    }
    sandbox()
      .then((listener) => listener(req, res))
      .catch(next);
  };
}
