import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { EndpointSpec } from '../api/endpoints.ts';
import { PROXY_ERROR_HEADER, type ProxyErrorReason } from '../api/proxy-contract.ts';
import { browserContentType } from './api-content-type.ts';
import { withApiKey, withoutApiKey } from './forwarded-query.ts';

/**
 * A little longer than the dashboard client's own 90 s, so the client decides when to give
 * up; the whole exchange, body included, must end by then (deploy/nginx.conf.template: the same).
 */
export const UPSTREAM_TIMEOUT_MS = 95_000;

export interface ProxyTarget {
  target: URL;
  pathMap: Readonly<Record<string, string>>;
  maxBodyBytes: number;
  /** The whole exchange with the upstream, body included (API_TIMEOUT_MS). */
  timeoutMs: number;
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

/**
 * All the upstream learns from the browser's request is what it asks for (`Accept`): no
 * cookies, credentials, `Referer` or forwarding headers. `identity`, so no body inflates
 * past the cap after it was counted (decision 030).
 */
export function upstreamHeaders(req: IncomingMessage, target: URL): Record<string, string> {
  return {
    host: target.host,
    accept: req.headers.accept || '*/*',
    'user-agent': 'web-data-dashboard-proxy',
    'accept-encoding': 'identity',
  };
}

/** An answer the proxy makes itself, marked so the client can explain it. */
function refuse(res: ServerResponse, reason: ProxyErrorReason, text: string): void {
  res.statusCode = 502;
  res.setHeader(PROXY_ERROR_HEADER, reason);
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(text);
}

function send(
  url: URL,
  method: 'GET' | 'HEAD',
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = request(url, { method, headers, signal }, resolve);
    outgoing.on('error', reject);
    // A 101 to a request that asked for no switch: `/api` never switches protocols. (Other 1xx
    // answers are interim: node:http waits for the final one, which is filtered like any.)
    outgoing.on('upgrade', (_, socket) => {
      socket.destroy();
      reject(new Error('the service tried to switch protocols'));
    });
    outgoing.end();
  });
}

/**
 * Forwards one allowed request to the live service. Written by hand rather than with
 * Vite's `server.proxy` because that one logs failing URLs with their query string,
 * which holds the API key (decision 003); redirects are never followed, since one to
 * another host would carry the key there; bodies are capped and the exchange has a deadline;
 * only an allow-list of headers passes either way (decision 030).
 */
export async function proxyRequest(
  config: ProxyTarget,
  req: IncomingMessage,
  res: ServerResponse,
  request: { spec: EndpointSpec; endpointPath: string; search: string; apiKey: string | undefined },
): Promise<void> {
  // Path only in messages: the query string carries the key.
  const path = new URL(upstreamUrl(config, request.endpointPath, '')).pathname;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  // The browser went away (Cancel, closed tab): stop waiting on the upstream too.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  // Past the deadline a body still coming is cut off, even one the browser is slow to read.
  controller.signal.addEventListener('abort', () => {
    if (res.headersSent && !res.writableFinished) res.destroy();
  });
  try {
    const search = withApiKey(withoutApiKey(request.search), request.apiKey);
    const url = new URL(upstreamUrl(config, request.endpointPath, search));
    const method = req.method === 'HEAD' ? 'HEAD' : 'GET';
    const upstream = await send(
      url,
      method,
      upstreamHeaders(req, config.target),
      controller.signal,
    );
    const status = upstream.statusCode ?? 502;
    if (status >= 300 && status < 400) {
      upstream.destroy();
      console.warn(`[proxy] GET ${path}: the upstream redirected (HTTP ${status}); not followed`);
      return refuse(
        res,
        'redirect',
        `The service answered with a redirect (HTTP ${status}). The dashboard does not follow redirects: one to another host would carry your key there.`,
      );
    }
    const declared = Number(upstream.headers['content-length']);
    if (Number.isFinite(declared) && declared > config.maxBodyBytes) {
      upstream.destroy();
      return refuse(
        res,
        'too-large',
        `The answer was larger than ${Math.round(config.maxBodyBytes / 1_048_576)} MB, the most the dashboard accepts (API_MAX_BODY_BYTES).`,
      );
    }
    res.statusCode = status;
    res.setHeader(
      'content-type',
      browserContentType(request.spec, upstream.headers['content-type']),
    );
    const retryAfter = upstream.headers['retry-after'];
    if (retryAfter) res.setHeader('retry-after', retryAfter);
    if (Number.isFinite(declared)) res.setHeader('content-length', declared);
    if ((await streamCapped(upstream, res, config.maxBodyBytes)) === 'over-cap') {
      upstream.destroy();
      console.warn(`[proxy] GET ${path}: the answer passed the size cap; cut off`);
    }
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    const late = controller.signal.aborted;
    if (res.headersSent) {
      // Part of the body is out: cut the rest off with the connection, so the browser never
      // takes what arrived for a whole answer.
      console.warn(
        `[proxy] GET ${path} failed mid-answer: ${late ? 'no whole answer in time' : describe(error)}`,
      );
      return void res.destroy();
    }
    const reason = late ? 'no answer in time' : describe(error);
    console.warn(`[proxy] GET ${path} failed: ${reason}`);
    res.statusCode = late ? 504 : 502;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end(`The dashboard proxy could not reach ${config.target.host}: ${reason}.`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The upstream's body on to the browser as it comes, at the pace the browser reads it (no
 * answer is held in memory: 20 answers of 60 MB at once stay within tens of MB). At most the
 * cap and one byte more are written: the dashboard's client counts too and refuses that as
 * too large; then the connection is cut (after that byte has left), so no client takes a
 * truncated body for a whole one. nginx does the same (deploy/api-response.js).
 */
async function streamCapped(
  upstream: IncomingMessage,
  res: ServerResponse,
  max: number,
): Promise<'whole' | 'over-cap'> {
  let sent = 0;
  for await (const chunk of upstream as AsyncIterable<Buffer>) {
    const room = max + 1 - sent;
    if (chunk.byteLength >= room) {
      res.write(chunk.subarray(0, room), () => res.destroy());
      return 'over-cap';
    }
    sent += chunk.byteLength;
    await written(res, chunk);
  }
  res.end();
  return 'whole';
}

/** Writes a chunk and waits until the browser has room for more (or went away). */
function written(res: ServerResponse, chunk: Buffer): Promise<void> {
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (gone: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (gone) reject(new Error('the browser went away'));
      else resolve();
    };
    const onDrain = settle(false);
    const onClose = settle(true);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : 'unknown error';
}
