import { API_KEY_PATTERN } from '../api/proxy-contract.ts';
import { splitApiKey } from '../lib/api-key-param.ts';
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
export async function takeKeyFromPageUrl(
  location: Location,
  history: History,
): Promise<string | null> {
  const { key, rest } = splitApiKey(location.search);
  if (rest === location.search) return null;
  // At once, before any other code reads the URL; the stand-in rule loads only for such a URL.
  history.replaceState(history.state, '', `${location.pathname}${rest}${location.hash}`);
  if (key === null || !API_KEY_PATTERN.test(key)) return null;
  const { keyStandIn } = await import('../lib/interop/placeholder-key.ts');
  if (keyStandIn(key) !== null) return null;
  offerKey(key, 'link');
  return key;
}

void takeKeyFromPageUrl(window.location, window.history);
