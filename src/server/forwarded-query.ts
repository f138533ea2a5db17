import { namesTheKey } from '../lib/api-key-param.ts';

/**
 * The query string the upstream gets: the browser's own, byte for byte, less any `api_key`
 * it carries, plus the key from the `X-Api-Key` header, last. deploy/api-response.js
 * applies the same rules in nginx (decision 030); test/contract runs both.
 */

/** `?query=x&api_key=k&b` → `?query=x&b`; `?api_key=k` → ``. */
export function withoutApiKey(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const kept = query.split('&').filter((part) => !namesTheKey(part));
  const joined = kept.join('&');
  return joined ? `?${joined}` : '';
}

/** `search=…&x=1` plus the key as `api_key`, last, like the live service expects it. */
export function withApiKey(search: string, apiKey: string | undefined): string {
  if (!apiKey) return search;
  const key = `api_key=${encodeURIComponent(apiKey)}`;
  return search && search !== '?' ? `${search}&${key}` : `?${key}`;
}
