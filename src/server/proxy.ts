import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROXY_ERROR_HEADER, type ProxyErrorReason } from '../api/proxy-contract.ts';

/** A little longer than the dashboard client's own 90 s, so the client decides when to give up. */
const UPSTREAM_TIMEOUT_MS = 95_000;
const PASSED_HEADERS = ['content-type', 'cache-control', 'retry-after'];

export interface ProxyTarget {
  target: URL;
  pathMap: Readonly<Record<string, string>>;
  maxBodyBytes: number;
}

/** `search=…&x=1` plus the key as `api_key`, last, like the live service expects it. */
export function withApiKey(search: string, apiKey: string | undefined): string {
  if (!apiKey) return search;
  const key = `api_key=${encodeURIComponent(apiKey)}`;
  return search && search !== '?' ? `${search}&${key}` : `?${key}`;
}

/**
 * The upstream URL for an allowed endpoint path (`/search` or `/search/`) and its query
 * string, kept byte for byte. Renames come from API_PATH_MAP's own entries only.
 */
export function upstreamUrl(
  { target, pathMap }: Pick<ProxyTarget, 'target' | 'pathMap'>,
  endpointPath: string,
  search: string,
): string {
  const trailing = endpointPath.length > 1 && endpointPath.endsWith('/');
  const name = endpointPath.replace(/^\/+|\/+$/g, '');
  const mapped = Object.hasOwn(pathMap, name) ? pathMap[name] : name;
  const base = target.pathname.replace(/\/+$/, '');
  return `${target.origin}${base}/${mapped}${trailing ? '/' : ''}${search}`;
}

/** An answer the proxy makes itself, marked so the client can explain it. */
function refuse(res: ServerResponse, reason: ProxyErrorReason, text: string): void {
  res.statusCode = 502;
  res.setHeader(PROXY_ERROR_HEADER, reason);
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(text);
}

/**
 * Forwards one allowed request to the live service. Written by hand rather than with
 * Vite's `server.proxy` because that one logs failing URLs with their query string,
 * which holds the API key (decision 003); redirects are never followed, since one to
 * another host would carry the key there, and bodies are capped.
 */
export async function proxyRequest(
  config: ProxyTarget,
  req: IncomingMessage,
  res: ServerResponse,
  request: { endpointPath: string; search: string; apiKey: string | undefined },
): Promise<void> {
  const url = upstreamUrl(config, request.endpointPath, withApiKey(request.search, request.apiKey));
  const path = new URL(url).pathname;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPSTREAM_TIMEOUT_MS);
  // The browser went away (Cancel, closed tab): stop waiting on the upstream too.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  try {
    const upstream = await fetch(url, {
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      redirect: 'manual',
      signal: controller.signal,
      headers: { accept: req.headers.accept ?? '*/*', 'user-agent': 'web-data-dashboard-proxy' },
    });
    if (upstream.status >= 300 && upstream.status < 400) {
      await upstream.body?.cancel();
      console.warn(
        `[proxy] GET ${path}: the upstream redirected (HTTP ${upstream.status}); not followed`,
      );
      return refuse(
        res,
        'redirect',
        `The service answered with a redirect (HTTP ${upstream.status}). The dashboard does not follow redirects: one to another host would carry your key there.`,
      );
    }
    const body = await readCapped(upstream, config.maxBodyBytes);
    if (body === null) {
      controller.abort();
      return refuse(
        res,
        'too-large',
        `The answer was larger than ${Math.round(config.maxBodyBytes / 1_048_576)} MB, the most the dashboard accepts (API_MAX_BODY_BYTES).`,
      );
    }
    res.statusCode = upstream.status;
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) res.setHeader(name, value);
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

/** The whole body, or null as soon as it grows past `max` bytes. */
async function readCapped(response: Response, max: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return (
    cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'unknown error')
  );
}
