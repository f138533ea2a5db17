import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { homesOf, readHomes, toHomes } from './home.ts';
import { messyListing } from '../../../../test/arbitraries/realty.ts';

const one = (raw: Record<string, unknown>) => toHomes([raw])[0]!;

describe('toHomes', () => {
  test('reads a messy listing as the live service sends it', () => {
    const h = one({ price: '$1.2M', beds: '3', latLong: {}, hdpData: 5, id: 'x1', extra: [1] });
    expect(h).toMatchObject({
      key: 'x1',
      price: 1_200_000,
      priceText: '$1.2M',
      beds: 3,
      position: null,
      unmapped: 'missing',
      info: undefined,
      status: 'UNKNOWN',
    });
  });

  test('prefers the exact amount over the price text', () => {
    const h = one({ price: '$1.2M', unformattedPrice: 1_234_000 });
    expect(h.price).toBe(1_234_000);
    expect(h.priceLabel).toBe('$1,234,000');
    expect(h.pinLabel).toBe('$1.2M');
  });

  test('reads the amount from the text when no number is given', () => {
    expect(one({ price: 'From $450,000' }).price).toBe(450_000);
    expect(one({ price: 'From $450,000', hdpData: { homeInfo: { price: 455_000 } } }).price).toBe(
      455_000,
    );
  });

  test('shows rents per month', () => {
    const h = one({ statusType: 'FOR_RENT', price: '$2,045+ 1 bd' });
    expect(h.isRental).toBe(true);
    expect(h.price).toBe(2045);
    expect(h.pinLabel).toBe('$2,045/mo');
  });

  test("keeps the upstream's text when there is no amount", () => {
    const h = one({ price: 'Contact for price' });
    expect(h.price).toBeUndefined();
    expect(h.priceLabel).toBe('Contact for price');
    expect(one({ statusType: 'SOLD' }).priceLabel).toBe('No price');
  });

  test('reads beds and baths that arrive as strings, and leaves lots without them', () => {
    expect(one({ beds: '3', baths: '2.5' })).toMatchObject({ beds: 3, baths: 2.5 });
    expect(
      one({ beds: null, hdpData: { homeInfo: { bedrooms: '4', bathrooms: 2 } } }),
    ).toMatchObject({ beds: 4, baths: 2 });
    expect(one({ hdpData: { homeInfo: { homeType: 'LOT' } } })).toMatchObject({
      beds: undefined,
      baths: undefined,
      homeType: 'LOT',
    });
  });

  test('reads the living area in every shape the service sends, and a price per square foot', () => {
    const info = (homeInfo: Record<string, unknown>) => ({ hdpData: { homeInfo } });
    const cases: [Record<string, unknown>, number | undefined][] = [
      [{ area: 1850, ...info({ livingArea: 1850 }) }, 1850],
      [info({ livingArea: 1200 }), 1200],
      [{ area: 900 }, 900],
      [{ area: '1,850' }, 1850],
      [{ area: '1,850 sqft' }, 1850],
      [{ area: 0 }, undefined],
      [{ area: 0, ...info({ livingArea: 1400 }) }, 1400],
      [{ area: '', ...info({ livingArea: '2,000' }) }, 2000],
      [{ area: -5 }, undefined],
      [{ area: 'n/a' }, undefined],
      [{}, undefined],
    ];
    for (const [raw, sqft] of cases) expect(one(raw).livingArea, JSON.stringify(raw)).toBe(sqft);

    expect(one({ unformattedPrice: 500_000, area: 2000 }).pricePerArea).toBe(250);
    // A rent's is per month; a listing without a price or an area has none.
    const rent = one({ statusType: 'FOR_RENT', price: '$2,100/mo', area: 1000 });
    expect(rent).toMatchObject({ isRental: true, pricePerArea: 2.1 });
    expect(one({ statusType: 'SOLD', area: 1500 }).pricePerArea).toBeUndefined();
    expect(
      one({ unformattedPrice: 90_000, hdpData: { homeInfo: { homeType: 'LOT' } } }).pricePerArea,
    ).toBeUndefined();
  });

  test('takes days on market from the detail data, or from the time on market', () => {
    expect(one({ hdpData: { homeInfo: { daysOnRealty: 4 } } }).daysOnMarket).toBe(4);
    expect(one({ hdpData: { homeInfo: { timeOnRealty: 3 * 86_400_000 + 5 } } }).daysOnMarket).toBe(
      3,
    );
  });

  test('builds an address from its parts when the full one is missing', () => {
    expect(
      one({
        addressStreet: '1 Main St',
        addressCity: 'Austin',
        addressState: 'TX',
        addressZipcode: '78701',
      }).address,
    ).toBe('1 Main St, Austin, TX 78701');
    expect(one({}).address).toBe('Address unknown');
  });

  test('reads what the drawer and the exports show, from the listing or else its detail data', () => {
    const h = one({
      addressCity: '  ',
      brokerName: ' Acme Realty ',
      flexFieldText: '52 days on site',
      detailUrl: 'https://www.realty.example/homedetails/1/',
      estimate: '455,000',
      hdpData: {
        homeInfo: {
          streetAddress: '1 Main St',
          city: 'Austin',
          rentEstimate: 2950,
          taxAssessedValue: '412300',
          lotAreaValue: '0.25',
          lotAreaUnit: 'acres',
        },
      },
    });
    expect(h).toMatchObject({
      street: '1 Main St',
      city: 'Austin',
      address: '1 Main St, Austin',
      broker: 'Acme Realty',
      note: '52 days on site',
      detailUrl: 'https://www.realty.example/homedetails/1/',
      estimate: 455_000,
      rentEstimate: 2950,
      taxAssessedValue: 412_300,
      lotArea: 0.25,
      lotAreaUnit: 'acres',
    });
    expect(h.info).toBe((h.listing['hdpData'] as { homeInfo: unknown }).homeInfo);
  });

  test('reads a negative zero as zero, as an export written as JSON will', () => {
    const h = one({ beds: -0, latLong: { latitude: -0, longitude: 5 } });
    expect(Object.is(h.beds, 0)).toBe(true);
    expect(Object.is(h.position?.lat, 0)).toBe(true);
  });

  test('keys listings by rpid, then id, then position, and keeps keys unique', () => {
    const homes = toHomes([
      { rpid: '11', id: '11' },
      { id: '22' },
      {},
      { rpid: '11' },
      { hdpData: { homeInfo: { rpid: 55 } } },
      { rpid: 66 },
    ]);
    expect(homes.map((h) => h.key)).toEqual(['11', '22', '#3', '11~4', '55', '66']);
  });

  test('gives every listing a unique key and keeps the response order', () => {
    fc.assert(
      fc.property(fc.array(messyListing, { maxLength: 30 }), (listings) => {
        const homes = toHomes(listings);
        expect(new Set(homes.map((h) => h.key)).size).toBe(listings.length);
        homes.forEach((h, i) => expect(h.index).toBe(i));
      }),
    );
  });
});

describe('readHomes, the read stage', () => {
  test('reads a big page a slice at a time, each a task of its own, and homesOf finds them', async () => {
    const listings = Array.from({ length: 20_000 }, (_, i) => ({
      rpid: String(i % 19_000),
      price: `$${i},000`,
      latLong: { latitude: '33', longitude: -112 },
    }));
    // Tasks queued meanwhile (input, paint) each get a turn between two slices.
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns++;
      if (reading) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const done = readHomes(listings);
    expect(homesOf(listings)).not.toBe(homesOf(listings)); // nothing read in the caller's task
    await done;
    reading = false;
    // One slice is SLICE_MS of work: read in one task, the page would have had a single turn.
    expect(turns).toBeGreaterThanOrEqual(3);
    const homes = homesOf(listings);
    expect(homesOf(listings)).toBe(homes);
    expect(homes).toEqual(toHomes(listings));
    expect(homes[19_000]?.key).toBe('0~19001');
    expect(homes[5]?.position).toEqual({ lat: 33, lng: -112 });
  });

  test('a page that was not read ahead (a restored answer) is read when asked for', () => {
    const listings = [{ rpid: '1' }, { rpid: '1' }];
    expect(homesOf(listings).map((h) => h.key)).toEqual(['1', '1~2']);
  });
});

describe('hasPhoto', () => {
  test('counts a photo of either shape, and not a link that is not http(s)', () => {
    const composable = {
      baseUrl: 'https://photos.example/fp/{photoKey}-p_e.jpg',
      photoData: [{ photoKey: 'k1' }, { photoKey: 'k2' }],
    };
    expect(one({ carouselPhotosComposable: composable }).hasPhoto).toBe(true);
    expect(one({ carouselPhotos: [{ url: 'https://a.example/1.jpg' }] }).hasPhoto).toBe(true);
    expect(one({ imgSrc: 'javascript:alert(1)' }).hasPhoto).toBe(false);
    expect(
      one({ carouselPhotosComposable: { ...composable, baseUrl: 'ftp://x/{photoKey}' } }).hasPhoto,
    ).toBe(false);
    expect(one({}).hasPhoto).toBe(false);
  });
});
