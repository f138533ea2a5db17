import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { format } from 'node:util';
import { createApiMiddleware } from '../../src/server/api-middleware.ts';
import { readApiConfig } from '../../src/server/config.ts';
import { pageHeaders } from '../../src/server/vite-plugin.ts';

export interface RunningNodeProxy {
  origin: string;
  /** What the proxy wrote to the console while it ran. */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * The Node proxy as `vite preview` mounts it (page headers, then `/api`), in live mode, with
 * a stand-in page for every other path; `npm run dev` mounts the same `/api` middleware.
 */
export async function startNodeProxy(
  upstream: string,
  limits: { maxBodyBytes: number; timeoutMs: number },
): Promise<RunningNodeProxy> {
  const api = createApiMiddleware(
    readApiConfig({
      API_TARGET: upstream,
      API_MAX_BODY_BYTES: String(limits.maxBodyBytes),
      API_TIMEOUT_MS: String(limits.timeoutMs),
    }),
  );
  const page = (_: IncomingMessage, res: ServerResponse) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><div id="root"></div>');
  };
  const server = createServer((req, res) =>
    pageHeaders(req, res, () => api(req, res, () => page(req, res))),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));

  const lines: string[] = [];
  const originals = {
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
  };
  for (const level of Object.keys(originals) as (keyof typeof originals)[])
    console[level] = (...args: unknown[]) => void lines.push(format(...args));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logs: () => lines.join('\n'),
    stop: async () => {
      Object.assign(console, originals);
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
