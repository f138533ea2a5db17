import { afterEach, describe, expect, test } from 'vitest';
import { forgetOfferedKey, offeredKey } from '../workspace/interop/key-offer.ts';
import { takeKeyFromPageUrl } from './take-key-from-page-url.ts';

/** A page opened at `search`: what is left in its address bar, and the key offered. */
async function open(search: string) {
  let address = `/search${search}`;
  const location = { pathname: '/search', search, hash: '' } as Location;
  const history = {
    state: null,
    replaceState: (_: unknown, __: string, url: string) => (address = url),
  } as unknown as History;
  const pending = takeKeyFromPageUrl(location, history);
  // Out of the address bar at once, before anything else reads it.
  const cleaned = address;
  return { taken: await pending, address: cleaned, offer: offeredKey() };
}

afterEach(forgetOfferedKey);

describe('a key in the page’s URL', () => {
  test('is taken out of the address and offered in the key dialog', async () => {
    expect(await open('?query=tea&api_key=k1-team_2')).toEqual({
      taken: 'k1-team_2',
      address: '/search?query=tea',
      offer: { key: 'k1-team_2', from: 'link' },
    });
  });

  test('a placeholder or a variable’s name is taken out too, and never offered', async () => {
    for (const standIn of ['YOUR_API_KEY', 'XXX', 'REDACTED', 'SCRAPER_API_KEY'])
      expect(await open(`?query=tea&api_key=${standIn}`)).toEqual({
        taken: null,
        address: '/search?query=tea',
        offer: null,
      });
  });
});
