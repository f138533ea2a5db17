import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpointForPath } from '../api/endpoints.ts';
import { API_KEY_HEADER, API_KEY_PATTERN } from '../api/proxy-contract.ts';
import type { SandboxExamples } from '../api/upstream-meta.ts';
import { DEMO_KEY } from '../sandbox/state.ts';
import { metaFor, type ApiConfig } from './config.ts';
import { withApiKey, withoutApiKey } from './forwarded-query.ts';
import { proxyRequest } from './proxy.ts';

type Next = (error?: unknown) => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

export const META_PATH = '/api/_dashboard/meta';
const SANDBOX_CONTROL = /^\/api\/_sandbox(\/|$|\?)/;

const API_SEGMENT = /^\/api(\/|\?|$)/;

/**
 * The path as nginx reads it before it picks a location: percent-escapes decoded, slashes
 * merged, dot segments resolved. Only for recognising an odd spelling of an `/api` path.
 */
export function normalisedPath(rawPath: string): string {
  const decoded = rawPath.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * `/api`, `/api/…` or `/api?…` (the API's own path segment, not `/apix` or `/api.html`), in its
 * raw spelling or once normalised (`//api/search`, `/x/../api/search`, `/api%2fsearch`): such a
 * path is the API's, answered by the API's rules, and only its exact spelling is forwarded.
 */
export function isApiPath(url: string): boolean {
  return API_SEGMENT.test(url) || API_SEGMENT.test(normalisedPath(url.split('?')[0] ?? ''));
}

/**
 * The catalogue path a request names (`/search` or `/search/`), or undefined. Compared on
 * the raw path, so dot segments, encoded characters (`%2e%2e`, `%2f`), unknown or
 * prototype names (`constructor`) name nothing and are never forwarded.
 */
export function allowedEndpointPath(apiPath: string): string | undefined {
  return endpointForPath(apiPath) ? apiPath : undefined;
}

/**
 * Every `/api` answer: never stored by the browser's HTTP cache (it is per key), never
 * sniffed into another type, and never active content on the app's origin even if the
 * upstream sends HTML or SVG (decision 013).
 */
function setApiHeaders(res: ServerResponse): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('content-security-policy', "default-src 'none'; sandbox");
}

function answer(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(text);
}

/**
 * Everything under `/api`: the dashboard's own meta route, then either the live
 * upstream (through the proxy) or the embedded sandbox, in-process, on the same port.
 * Vite dev, Vite preview and the jsdom tests all mount this one function.
 */
export function createApiMiddleware(
  config: ApiConfig,
  {
    runner = false,
  }: { /** RUNNER_URL is set: /runner/ is forwarded (the meta says so). */ runner?: boolean } = {},
): Middleware {
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
    if (!isApiPath(url)) return next();
    setApiHeaders(res);
    if (url.split('?')[0] === META_PATH) {
      examples()
        .then((ex) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(metaFor(config, DEMO_KEY, ex, runner)));
        })
        .catch(next);
      return;
    }
    const toSandbox = () =>
      void sandbox()
        .then((listener) => listener(req, res))
        .catch(next);

    if (SANDBOX_CONTROL.test(url)) {
      if (config.mode === 'live')
        return answer(res, 404, 'The sandbox control endpoint exists only in sandbox mode.');
      // Its writes are checked by the sandbox app itself (controlGuard in src/sandbox/app.ts).
      return toSandbox();
    }

    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    // Only a path spelled `/api/…` names an endpoint: `//api/search` is an odd spelling, not
    // `/search` under a two-character prefix.
    const endpointPath = rawPath.startsWith('/api/')
      ? allowedEndpointPath(rawPath.slice('/api'.length))
      : undefined;
    const spec = endpointPath === undefined ? undefined : endpointForPath(endpointPath);
    if (!endpointPath || !spec) return answer(res, 404, 'No API endpoint at this path.');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return answer(res, 405, 'The API answers GET (and HEAD) only.', { allow: 'GET, HEAD' });
    const header = req.headers[API_KEY_HEADER];
    const apiKey = typeof header === 'string' && header !== '' ? header : undefined;
    const search = q === -1 ? '' : url.slice(q);

    if (config.mode === 'live') {
      if (apiKey !== undefined && !API_KEY_PATTERN.test(apiKey))
        return answer(res, 400, "The API key may hold only letters, digits, '-' and '_'.");
      proxyRequest(config, req, res, { spec, endpointPath, search, apiKey }).catch(next);
      return;
    }
    // The sandbox reads the key from the query string, like the live service (and curl users,
    // who may still put it there in sandbox mode); the header's replaces any in the query.
    const forwarded = apiKey === undefined ? search : withApiKey(withoutApiKey(search), apiKey);
    req.url = `/api${endpointPath}${forwarded}`;
    toSandbox();
  };
}
