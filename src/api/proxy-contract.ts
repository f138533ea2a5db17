/**
 * What the browser and the dashboard's `/api` proxy agree on (shared with src/server;
 * types and constants only, no browser or server code).
 */

/** The browser sends the key in this header; the proxy appends it as `api_key` upstream. */
export const API_KEY_HEADER = 'x-api-key';

/**
 * Keys are letters, digits, `-` and `_`: anything else could change the query it is put in
 * (the proxy refuses it; a pasted request's key is offered only if it is one).
 */
export const API_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Set by the proxy on an answer it made itself instead of forwarding one (see ProxyErrorReason). */
export const PROXY_ERROR_HEADER = 'x-dashboard-proxy-error';

/**
 * `redirect`: the upstream answered 3xx, which is not followed (it could carry the key to
 * another host). `too-large`: the body exceeded the size cap. `interim`: the upstream sent a
 * 1xx before its answer, which nginx 1.22 cannot check (decision 061).
 */
export const PROXY_ERROR_REASONS = ['redirect', 'too-large', 'interim'] as const;
export type ProxyErrorReason = (typeof PROXY_ERROR_REASONS)[number];

/** The reason a proxy's marker names, if it is one the dashboard knows. */
export function proxyErrorReason(marker: string | null): ProxyErrorReason | undefined {
  return PROXY_ERROR_REASONS.find((reason) => reason === marker);
}

/** Bodies larger than this are refused by the proxy and by the client (bytes; 50 MB). */
export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;
