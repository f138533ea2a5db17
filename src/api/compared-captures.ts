import { ENDPOINTS } from './endpoints.ts';
import { pickParams, type Params } from './params.ts';

/**
 * Screenshot's comparison in the page URL (decision 087): `cmp` names the captures picked, at
 * most two, each by its request's parameters (the session cache's key for it), so a link,
 * Back/Forward and a demo step find them in the cache. Each is written as a query string of
 * its own; `|` never occurs in one (a query string encodes it), so it parts them. Here, not in
 * the screenshot folder: a demo step reads it too, to keep the other capture's answer.
 */
export const COMPARED_PARAM = 'cmp';

export function comparedToUrl(captures: readonly Params[]): string | null {
  if (captures.length === 0) return null;
  return captures.map((p) => new URLSearchParams(p).toString()).join('|');
}

/** The captures a URL's `cmp` names, only the endpoint's own parameters of each (a hand-typed link
 * can hold anything); one without a page URL is no capture and is left out. */
export function comparedFromUrl(value: string | null | undefined): Params[] {
  if (!value) return [];
  return value
    .split('|')
    .slice(0, 2)
    .map((part) => pickParams(ENDPOINTS.screenshot, Object.fromEntries(new URLSearchParams(part))))
    .filter((p) => p.url !== undefined);
}
