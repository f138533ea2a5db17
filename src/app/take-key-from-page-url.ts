import { splitApiKey } from '../lib/api-key-param.ts';

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
  // At once, before any other code reads the URL.
  history.replaceState(history.state, '', `${location.pathname}${rest}${location.hash}`);
  if (key === null) return null;
  // What checks and offers the key loads only for such a URL (the first paint does without it).
  const [{ API_KEY_PATTERN }, { keyStandIn }, { offerKey }] = await Promise.all([
    import('../api/proxy-contract.ts'),
    import('../lib/interop/placeholder-key.ts'),
    import('../workspace/interop/key-offer.ts'),
  ]);
  if (!API_KEY_PATTERN.test(key) || keyStandIn(key) !== null) return null;
  offerKey(key, 'link');
  return key;
}

void takeKeyFromPageUrl(window.location, window.history);
