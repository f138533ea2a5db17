import { API_KEY_PATTERN } from '../api/proxy-contract.ts';
import { splitApiKey } from '../lib/api-key-param.ts';
import { keyStandIn } from '../lib/interop/placeholder-key.ts';
import { offerKey } from '../workspace/interop/key-offer.ts';

/**
 * A page URL that carries `api_key=` (a request URL opened as a page, a link someone shared)
 * loses it before any other code of the app runs: this module is main.tsx's first import, so
 * the router, the history view, stored state and every later request see the URL without it.
 * `replaceState` takes it out of the address bar and this history entry; the pages'
 * `Referrer-Policy: strict-origin` keeps it out of the requests made before (the page's own
 * scripts and styles). The key is offered in the key dialog like a pasted request's (Save key
 * uses it; Close keeps the tab's key), only if it can be one (letters, digits, `-`, `_`) and is not
 * a stand-in (`YOUR_API_KEY`, `XXX`: decision 063), as a pasted request's is not.
 */
export function takeKeyFromPageUrl(location: Location, history: History): string | null {
  const { key, rest } = splitApiKey(location.search);
  if (rest === location.search) return null;
  history.replaceState(history.state, '', `${location.pathname}${rest}${location.hash}`);
  if (key === null || !API_KEY_PATTERN.test(key) || keyStandIn(key) !== null) return null;
  offerKey(key, 'link');
  return key;
}

takeKeyFromPageUrl(window.location, window.history);
