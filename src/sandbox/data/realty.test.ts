import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  REALTY_BULK_COUNT,
  REALTY_BULK_URL,
  REALTY_CITIES,
  REALTY_EXAMPLE_URLS,
  realtyListings,
  realtyTotalCount,
} from './realty.ts';
import { isRecord } from '../../lib/is-record.ts';

const PHOTOS = 'http://localhost:5173/api/_sandbox/photos';
const SEATTLE_URL = 'https://www.realty.example/homes/seattle-wa_rb/';
const AUSTIN_RENT_URL = 'https://www.realty.example/homes/for_rent/austin-tx_rb/';

type Listing = Record<string, unknown>;

function city(slug: string) {
  const found = REALTY_CITIES.find((c) => c.slug === slug);
  if (!found) throw new Error(`no city ${slug}`);
  return found;
}

/** Great-circle distance in km. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** The listing's coordinates when it has usable ones. */
function coords(listing: Listing): { latitude: number; longitude: number } | null {
  const ll = listing['latLong'];
  if (!isRecord(ll)) return null;
  const { latitude, longitude } = ll;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  return { latitude, longitude };
}

function homeInfo(listing: Listing): Record<string, unknown> | undefined {
  const hdp = listing['hdpData'] as { homeInfo?: Record<string, unknown> } | undefined;
  return hdp?.homeInfo;
}

function isBulkUrl(url: string): boolean {
  try {
    return new URL(url.trim(), 'https://www.realty.example').searchParams.get('demo') === '10000';
  } catch {
    return false;
  }
}

describe('realtyListings', () => {
  test('the same URL always gives the same listings', () => {
    expect(realtyListings(SEATTLE_URL, PHOTOS)).toEqual(realtyListings(SEATTLE_URL, PHOTOS));
    expect(realtyListings(AUSTIN_RENT_URL, PHOTOS)).toEqual(
      realtyListings(AUSTIN_RENT_URL, PHOTOS),
    );
  });

  test('different URLs give different pages', () => {
    const a = realtyListings(SEATTLE_URL, PHOTOS);
    const b = realtyListings('https://www.realty.example/homes/seattle-wa_rb/2_p/', PHOTOS);
    expect(a[0]).not.toEqual(b[0]);
  });

  test.each([
    ['seattle-wa', SEATTLE_URL],
    ['seattle-wa', 'https://www.realty.example/seattle-wa/'],
    ['austin-tx', AUSTIN_RENT_URL],
    ['austin-tx', 'https://www.realty.example/homes/austin-tx_rb/'],
    ['chicago-il', 'https://www.realty.example/homes/recently_sold/chicago-il_rb/'],
    ['miami-fl', 'https://www.realty.example/homes/miami-fl_rb/?searchQueryState=%7B%7D'],
  ])('the place in the path picks the city (%s from %s)', (slug, url) => {
    const centre = city(slug);
    const listings = realtyListings(url, PHOTOS);
    let located = 0;
    for (const listing of listings) {
      const c = coords(listing);
      if (!c) continue;
      located++;
      expect(distanceKm(centre.lat, centre.lng, c.latitude, c.longitude)).toBeLessThan(20);
    }
    expect(located).toBeGreaterThan(listings.length * 0.8);
    expect(listings.filter((l) => l['addressCity'] === centre.name).length).toBe(listings.length);
  });

  test('an unknown place falls back to Seattle, the same way every time', () => {
    const url = 'https://www.realty.example/homes/atlantis-zz_rb/';
    const listings = realtyListings(url, PHOTOS);
    expect(listings).toEqual(realtyListings(url, PHOTOS));
    const seattle = city('seattle-wa');
    expect(
      listings.every((l) => l['addressCity'] === 'Seattle' && l['addressState'] === 'WA'),
    ).toBe(true);
    for (const listing of listings) {
      const c = coords(listing);
      if (c) expect(distanceKm(seattle.lat, seattle.lng, c.latitude, c.longitude)).toBeLessThan(20);
    }
  });

  test('normal pages have between 40 and 500 listings', () => {
    const urls = [
      SEATTLE_URL,
      AUSTIN_RENT_URL,
      'https://www.realty.example/homes/denver-co_rb/',
      'https://www.realty.example/homes/sold/boston-ma_rb/',
      'https://www.realty.example/homes/for_sale/phoenix-az_rb/3_p/',
      'not a url at all',
      '',
      ...REALTY_EXAMPLE_URLS.map((e) => e.url).filter((u) => u !== REALTY_BULK_URL),
    ];
    const counts = urls.map((u) => realtyListings(u, PHOTOS).length);
    for (const n of counts) {
      expect(n).toBeGreaterThanOrEqual(40);
      expect(n).toBeLessThanOrEqual(500);
    }
    expect(new Set(counts).size).toBeGreaterThan(1);
  });

  // Generating them takes ~100 ms here; speed is for benchmarks, not for test assertions.
  test('the bulk URL gives exactly 10,000 listings with distinct ids', () => {
    const listings = realtyListings(REALTY_BULK_URL, PHOTOS);
    expect(listings).toHaveLength(10_000);
    expect(REALTY_BULK_COUNT).toBe(10_000);
    expect(REALTY_EXAMPLE_URLS.some((e) => e.url === REALTY_BULK_URL)).toBe(true);
    const ids = listings.map((l) => l['rpid'] ?? l['id']);
    expect(new Set(ids).size).toBe(10_000);
  });

  test('every listing has a non-empty string id, as rpid or as id', () => {
    for (const url of [SEATTLE_URL, AUSTIN_RENT_URL, REALTY_BULK_URL]) {
      for (const listing of realtyListings(url, PHOTOS)) {
        const id = listing['rpid'] ?? listing['id'];
        expect(typeof id).toBe('string');
        expect(id).not.toBe('');
      }
    }
  });

  test('a page of a few hundred listings shows the messiness of real data', () => {
    const listings = realtyListings(SEATTLE_URL, PHOTOS);
    expect(listings.length).toBeGreaterThanOrEqual(200);
    const known = new Set(
      Object.keys(listings.find((l) => l['rpid'] && l['hdpData'] && l['carouselPhotos']) ?? {}),
    );
    known.add('buildingName').add('isBuilding').add('units').add('carouselPhotosComposable');

    const undisclosed = listings.filter((l) => l['isUndisclosedAddress'] === true);
    expect(undisclosed.length).toBeGreaterThan(0);
    for (const l of undisclosed) {
      expect(coords(l)).toBeNull();
      expect(String(l['address'])).toMatch(/^\(undisclosed Address\), Seattle, WA 981\d\d$/);
    }
    const lots = listings.filter((l) => homeInfo(l)?.['homeType'] === 'LOT');
    expect(lots.length).toBeGreaterThan(0);
    for (const l of lots) {
      expect(l).not.toHaveProperty('beds');
      expect(l).not.toHaveProperty('baths');
    }
    const textPrices = listings.filter(
      (l) => typeof l['price'] === 'string' && !('unformattedPrice' in l),
    );
    expect(textPrices.length).toBeGreaterThan(0);
    expect(listings.some((l) => !('hdpData' in l))).toBe(true);
    expect(
      listings.some((l) => !('carouselPhotos' in l) && !('carouselPhotosComposable' in l)),
    ).toBe(true);
    expect(listings.some((l) => Object.keys(l).some((k) => !known.has(k)))).toBe(true);
    expect(listings.some((l) => !('rpid' in l) && typeof l['id'] === 'string')).toBe(true);
    // Most listings are clean.
    const clean = listings.filter(
      (l) =>
        typeof l['rpid'] === 'string' &&
        l['hdpData'] &&
        typeof l['unformattedPrice'] === 'number' &&
        coords(l),
    );
    expect(clean.length).toBeGreaterThan(listings.length * 0.75);
  });

  test('numbers sometimes arrive as strings and sold homes sometimes have no price', () => {
    const listings = realtyListings(REALTY_BULK_URL, PHOTOS);
    expect(listings.some((l) => typeof l['beds'] === 'string' && /^\d+$/.test(l['beds']))).toBe(
      true,
    );
    const sold = realtyListings(
      'https://www.realty.example/homes/recently_sold/chicago-il_rb/',
      PHOTOS,
    ).filter((l) => l['statusType'] === 'SOLD');
    expect(sold.some((l) => !('price' in l))).toBe(true);
    expect(sold.some((l) => typeof l['unformattedPrice'] === 'number')).toBe(true);
  });

  test('the living area comes in the shapes of the live service, and lots and buildings have none', () => {
    const listings = realtyListings(REALTY_BULK_URL, PHOTOS);
    const area = (l: Listing) => l['area'];
    const living = (l: Listing) => homeInfo(l)?.['livingArea'];
    const both = listings.filter((l) => typeof area(l) === 'number' && area(l) === living(l));
    expect(both.length).toBeGreaterThan(listings.length * 0.6);
    for (const l of both) expect(area(l)).toBeGreaterThanOrEqual(280);
    expect(listings.some((l) => area(l) === undefined && typeof living(l) === 'number')).toBe(true);
    expect(listings.some((l) => typeof area(l) === 'number' && living(l) === undefined)).toBe(true);
    expect(
      listings.some(
        (l) => typeof area(l) === 'string' && /^\d{1,2},?\d{3}$|^\d{3}$/.test(area(l) as string),
      ),
    ).toBe(true);
    expect(listings.some((l) => area(l) === 0 && living(l) === undefined)).toBe(true);
    const noArea = (l: Listing) => area(l) === undefined && living(l) === undefined;
    for (const l of listings.filter((l) => homeInfo(l)?.['homeType'] === 'LOT' || l['isBuilding']))
      expect(noArea(l)).toBe(true);
    const rentals = realtyListings(AUSTIN_RENT_URL, PHOTOS).filter(
      (l) => l['statusType'] === 'FOR_RENT' && !l['isBuilding'],
    );
    expect(rentals.some(noArea)).toBe(true);
    expect(rentals.filter((l) => !noArea(l)).length).toBeGreaterThan(rentals.length / 2);
  });

  test('a page of 400 or more names a larger total count (cut off); others name their own or none', () => {
    const miami = 'https://www.realty.example/homes/miami-fl_rb/';
    expect(realtyListings(miami, PHOTOS).length).toBeGreaterThanOrEqual(400);
    expect(realtyTotalCount(miami)).toBeGreaterThan(realtyListings(miami, PHOTOS).length);
    expect(realtyTotalCount(REALTY_BULK_URL)).toBeGreaterThan(REALTY_BULK_COUNT);
    expect(realtyTotalCount(SEATTLE_URL)).toBe(realtyListings(SEATTLE_URL, PHOTOS).length);
    expect(realtyTotalCount('https://www.realty.example/homes/denver-co_rb/3_p/')).toBeUndefined();
  });

  test('coordinates, where present, are finite numbers', () => {
    for (const listing of realtyListings(REALTY_BULK_URL, PHOTOS)) {
      const ll = listing['latLong'] as { latitude?: unknown; longitude?: unknown } | undefined;
      if (ll && typeof ll.latitude === 'number') {
        expect(Number.isFinite(ll.latitude)).toBe(true);
        expect(Number.isFinite(ll.longitude)).toBe(true);
        expect(Math.abs(ll.latitude)).toBeLessThanOrEqual(90);
      }
      const info = homeInfo(listing);
      if (info && 'latitude' in info) {
        expect(Number.isFinite(info['latitude'])).toBe(true);
        expect(Number.isFinite(info['longitude'])).toBe(true);
      }
    }
  });

  test('a rent URL yields mostly FOR_RENT listings with monthly prices', () => {
    const listings = realtyListings(AUSTIN_RENT_URL, PHOTOS);
    const rentals = listings.filter((l) => l['statusType'] === 'FOR_RENT');
    expect(rentals.length).toBeGreaterThan(listings.length * 0.85);
    const priced = rentals.filter((l) => typeof l['unformattedPrice'] === 'number');
    for (const l of priced) {
      expect(String(l['price'])).toMatch(/^\$\d{1,3}(,\d{3})*(\/mo|\+ (\d+ bd|Studio))$/);
      expect(homeInfo(l)?.['homeStatus'] ?? 'FOR_RENT').toBe('FOR_RENT');
    }
    expect(priced.some((l) => String(l['price']).endsWith('/mo'))).toBe(true);
  });

  test('a sale page is mostly FOR_SALE, with formatted dollar prices matching the number', () => {
    const listings = realtyListings(SEATTLE_URL, PHOTOS);
    const forSale = listings.filter((l) => l['statusType'] === 'FOR_SALE');
    expect(forSale.length).toBeGreaterThan(listings.length * 0.85);
    for (const l of forSale) {
      if (typeof l['unformattedPrice'] !== 'number') continue;
      expect(l['price']).toBe(`$${l['unformattedPrice'].toLocaleString('en-US')}`);
      expect(l['countryCurrency']).toBe('$');
    }
  });

  test('condos are cheaper than houses, and lots cheapest of all', () => {
    const listings = realtyListings(REALTY_BULK_URL, PHOTOS);
    const median = (type: string) => {
      const prices = listings
        .filter((l) => l['statusType'] === 'FOR_SALE' && homeInfo(l)?.['homeType'] === type)
        .map((l) => l['unformattedPrice'])
        .filter((p): p is number => typeof p === 'number')
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)] ?? Number.NaN;
    };
    expect(median('CONDO')).toBeLessThan(median('SINGLE_FAMILY'));
    expect(median('LOT')).toBeLessThan(median('CONDO'));
    expect(median('MULTI_FAMILY')).toBeGreaterThan(median('SINGLE_FAMILY'));
  });

  test('photo URLs point at the given photo base, in both of the live shapes', () => {
    const listings = realtyListings(SEATTLE_URL, `${PHOTOS}/`);
    const photoUrl = /^http:\/\/localhost:5173\/api\/_sandbox\/photos\/[A-Za-z0-9_-]+\.jpg$/;
    let photos = 0;
    for (const l of listings) {
      if (typeof l['imgSrc'] === 'string') expect(l['imgSrc']).toMatch(photoUrl);
      const carousel = l['carouselPhotos'] as { url: string }[] | undefined;
      const composable = l['carouselPhotosComposable'] as
        { baseUrl: string; photoData: { photoKey: string }[] } | undefined;
      expect(carousel && composable).toBeFalsy();
      if (carousel) {
        expect(carousel.length).toBeGreaterThanOrEqual(1);
        expect(carousel.length).toBeLessThanOrEqual(8);
        for (const p of carousel) expect(p.url).toMatch(photoUrl);
        expect(l['imgSrc']).toBe(carousel[0]?.url);
        photos += carousel.length;
      }
      if (composable) {
        expect(composable.baseUrl).toBe(`${PHOTOS}/{photoKey}-p_e.jpg`);
        expect(composable.photoData.length).toBeGreaterThanOrEqual(1);
        expect(composable.photoData.length).toBeLessThanOrEqual(32);
        const urls = composable.photoData.map((p) =>
          composable.baseUrl.replace('{photoKey}', p.photoKey),
        );
        for (const u of urls) expect(u).toMatch(photoUrl);
        expect(new Set(urls).size).toBe(urls.length);
        expect(l['imgSrc']).toBe(urls[0]);
        photos += urls.length;
      }
    }
    expect(photos).toBeGreaterThan(listings.length);
    expect(listings.some((l) => l['hasImage'] === false && !('imgSrc' in l))).toBe(true);
  });

  test('a page mixes both photo shapes, long composable sets and listings without photos', () => {
    for (const url of [
      SEATTLE_URL,
      AUSTIN_RENT_URL,
      'https://www.realty.example/homes/denver-co_rb/3_p/',
    ]) {
      const listings = realtyListings(url, PHOTOS);
      const composable = listings
        .map((l) => l['carouselPhotosComposable'] as { photoData: unknown[] } | undefined)
        .filter((c) => c !== undefined);
      const carousel = listings.filter((l) => Array.isArray(l['carouselPhotos']));
      expect(composable.length).toBeGreaterThan(listings.length * 0.3);
      expect(carousel.length).toBeGreaterThan(listings.length * 0.3);
      expect(composable.some((c) => c.photoData.length >= 20)).toBe(true);
      expect(composable.some((c) => c.photoData.length < 20)).toBe(true);
    }
    const bulk = realtyListings(REALTY_BULK_URL, PHOTOS);
    expect(
      bulk.some(
        (l) => !('imgSrc' in l) && !('carouselPhotos' in l) && !('carouselPhotosComposable' in l),
      ),
    ).toBe(true);
  });

  test('detail URLs name the street, city, state, ZIP and id', () => {
    const listing = realtyListings(SEATTLE_URL, PHOTOS).find(
      (l) => l['rpid'] && l['isUndisclosedAddress'] === false,
    );
    expect(listing).toBeDefined();
    const { rpid, addressZipcode, detailUrl } = listing as Record<string, string>;
    expect(detailUrl).toMatch(
      new RegExp(
        `^https://www\\.realty\\.example/homedetails/[A-Za-z0-9-]+-Seattle-WA-${addressZipcode}/${rpid}_rpid/$`,
      ),
    );
    expect(addressZipcode).toMatch(/^981\d\d$/);
  });

  test('any string as URL never throws and gives 40–500 listings, or 10,000 for the bulk URL', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl(),
          fc.string(),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.constantFrom(...REALTY_EXAMPLE_URLS.map((e) => e.url)),
        ),
        (url) => {
          const listings = realtyListings(url, PHOTOS);
          if (isBulkUrl(url)) {
            expect(listings).toHaveLength(10_000);
          } else {
            expect(listings.length).toBeGreaterThanOrEqual(40);
            expect(listings.length).toBeLessThanOrEqual(500);
          }
          expect(typeof (listings[0]?.['rpid'] ?? listings[0]?.['id'])).toBe('string');
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('REALTY_CITIES', () => {
  test('the table holds 30 to 40 distinct real US cities with plausible data', () => {
    expect(REALTY_CITIES.length).toBeGreaterThanOrEqual(30);
    expect(REALTY_CITIES.length).toBeLessThanOrEqual(40);
    expect(new Set(REALTY_CITIES.map((c) => c.slug)).size).toBe(REALTY_CITIES.length);
    for (const c of REALTY_CITIES) {
      expect(c.slug).toMatch(/^[a-z-]+-[a-z]{2}$/);
      expect(c.slug.endsWith(`-${c.state.toLowerCase()}`)).toBe(true);
      expect(c.zipPrefix).toMatch(/^\d{3}$/);
      expect(c.lat).toBeGreaterThan(24);
      expect(c.lat).toBeLessThan(50);
      expect(c.lng).toBeGreaterThan(-125);
      expect(c.lng).toBeLessThan(-66);
      expect(c.priceLevel).toBeGreaterThan(0);
    }
  });
});
