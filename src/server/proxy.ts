import type { IncomingMessage, ServerResponse } from 'node:http';

/** A little longer than the dashboard client's own 90 s, so the client decides when to give up. */
const UPSTREAM_TIMEOUT_MS = 95_000;
const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'retry-after'];

export interface ProxyTarget {
  target: URL;
  pathMap: Readonly<Record<string, string>>;
}

/** The upstream URL for a `/api/<path>?<query>` request; keeps the query string byte for byte. */
export function upstreamUrl({ target, pathMap }: ProxyTarget, requestUrl: string): string {
  const q = requestUrl.indexOf('?');
  const path = (q === -1 ? requestUrl : requestUrl.slice(0, q)).replace(/^\/api(?=\/|$)/, '');
  const search = q === -1 ? '' : requestUrl.slice(q);
  const trailing = path.length > 1 && path.endsWith('/');
  const name = path.replace(/^\/+|\/+$/g, '');
  const mapped = pathMap[name] ?? name;
  const base = target.pathname.replace(/\/+$/, '');
  return `${target.origin}${base}/${mapped}${trailing ? '/' : ''}${search}`;
}

/**
 * Forwards one request to the live service. Written by hand rather than with
 * Vite's `server.proxy` because that one logs failing URLs with their query
 * string, which holds the API key (docs/decisions/003-own-proxy.md).
 */
export async function proxyRequest(
  config: ProxyTarget,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = upstreamUrl(config, req.url ?? '/');
  const path = new URL(url).pathname;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPSTREAM_TIMEOUT_MS);
  // The browser went away (Cancel, closed tab): stop waiting on the upstream too.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  try {
    const upstream = await fetch(url, {
      method: 'GET',
      signal: controller.signal,
      headers: { accept: req.headers.accept ?? '*/*', 'user-agent': 'web-data-dashboard-proxy' },
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    res.statusCode = upstream.status;
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value && name !== 'content-length') res.setHeader(name, value);
    }
    res.setHeader('content-length', body.byteLength);
    res.end(body);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    const reason =
      error instanceof Error && error.name === 'AbortError' ? 'no answer in time' : describe(error);
    // Path only: the query string carries the key.
    console.warn(`[proxy] GET ${path} failed: ${reason}`);
    res.statusCode = 502;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end(`The dashboard proxy could not reach ${config.target.host}: ${reason}.`);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return (
    cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'unknown error')
  );
}
