// fast-check arbitraries shared by the realty unit tests: messy listings as the live service sends them.
import fc from 'fast-check';
import { toHomes, type Home } from '../../src/features/realty/lib/home.ts';

const messyNumber = fc.oneof(
  fc.double({ noNaN: false }),
  fc.integer({ min: -1000, max: 5_000_000 }),
  fc.integer({ min: 0, max: 10 }).map(String),
  fc.constantFrom(null, '', 'n/a', Infinity, -Infinity, NaN),
);
const latitude = fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), messyNumber);
const longitude = fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), messyNumber);
const priceText = fc.oneof(
  fc.constantFrom(
    '$1.2M',
    '$850K',
    'From $450,000',
    '$2,045+ 1 bd',
    '$2,045/mo',
    'Contact for price',
  ),
  fc.string(),
);

export const messyListing: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    rpid: fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.integer(), fc.constant(null)),
    id: fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.constant(undefined)),
    statusType: fc.constantFrom('FOR_SALE', 'FOR_RENT', 'SOLD', '', 'OTHER'),
    statusText: fc.string(),
    price: fc.oneof(priceText, messyNumber),
    unformattedPrice: messyNumber,
    address: fc.string(),
    isUndisclosedAddress: fc.oneof(fc.boolean(), fc.constant('true')),
    beds: messyNumber,
    baths: messyNumber,
    area: fc.oneof(messyNumber, fc.constantFrom('1,850', '1850 sqft')),
    latLong: fc.oneof(
      fc.record({ latitude, longitude }, { requiredKeys: [] }),
      fc.constantFrom(null, 'here', 42),
    ),
    hdpData: fc.oneof(
      fc.record(
        {
          homeInfo: fc.record(
            {
              latitude,
              longitude,
              price: messyNumber,
              bedrooms: messyNumber,
              livingArea: messyNumber,
              homeType: fc.constantFrom('SINGLE_FAMILY', 'CONDO', 'LOT'),
              daysOnRealty: messyNumber,
              isUnmappable: fc.boolean(),
              lotAreaValue: messyNumber,
              lotAreaUnit: fc.constantFrom('sqft', 'acres'),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom(null, 'x'),
    ),
    carouselPhotos: fc.oneof(
      fc.array(fc.record({ url: fc.oneof(fc.webUrl(), fc.string()) })),
      fc.constant(null),
    ),
    carouselPhotosComposable: fc.oneof(
      fc.record(
        {
          baseUrl: fc.oneof(
            fc.constant('https://photos.example/fp/{photoKey}-p_e.jpg'),
            fc.webUrl(),
            fc.string(),
          ),
          photoData: fc.oneof(
            fc.array(
              fc.oneof(
                fc.record({
                  photoKey: fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null)),
                }),
                fc.constantFrom(null, 'k', 3),
              ),
              { maxLength: 25 },
            ),
            fc.constant('none'),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom(null, 'x', []),
    ),
    imgSrc: fc.oneof(fc.webUrl(), fc.string(), fc.constant('javascript:alert(1)')),
    detailUrl: fc.oneof(fc.webUrl(), fc.string()),
  },
  { requiredKeys: [] },
);

/** A response's homes: the response schema keeps each listing object as it came. */
export const homesArb: fc.Arbitrary<Home[]> = fc
  .array(messyListing, { maxLength: 40 })
  .map((ls) => toHomes(ls));
