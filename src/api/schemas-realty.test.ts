import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  readListsAhead,
  readRealtyListing,
  realtyListingSchema,
  realtyResponseSchema,
  searchResponseSchema,
} from './schemas.ts';

/** Odd values of every kind the scrapers send: text numbers, flags as text, nulls, nesting. */
const oddValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom('true', 'false', '12', ' 3,400 ', '', 'NaN', '$1.2M', 0, -1, 1e21, Number.NaN),
  fc.double(),
);
const objectOf = (keys: string[], value: fc.Arbitrary<unknown> = oddValue) =>
  fc.dictionary(fc.constantFrom(...keys, 'extra'), value, {
    maxKeys: keys.length + 2,
  });

const listing = objectOf(
  [
    'rpid',
    'id',
    'price',
    'unformattedPrice',
    'beds',
    'baths',
    'statusType',
    'isUndisclosedAddress',
  ],
  fc.oneof(
    oddValue,
    objectOf(['latitude', 'longitude']),
    fc.record({
      homeInfo: fc.oneof(
        oddValue,
        objectOf(['price', 'latitude', 'listing_sub_type', 'isUnmappable']),
      ),
    }),
    fc.array(fc.oneof(oddValue, objectOf(['url'])), { maxLength: 3 }),
    fc.record({
      baseUrl: oddValue,
      photoData: fc.oneof(oddValue, fc.array(objectOf(['photoKey']), { maxLength: 3 })),
    }),
  ),
).chain((base) =>
  fc
    .record(
      {
        latLong: fc.oneof(oddValue, objectOf(['latitude', 'longitude'])),
        hdpData: fc.oneof(
          oddValue,
          fc.record(
            {
              homeInfo: fc.oneof(
                oddValue,
                objectOf(
                  ['price', 'latitude', 'listing_sub_type', 'isUnmappable', 'rpid'],
                  fc.oneof(oddValue, objectOf(['is_FSBA'])),
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
        carouselPhotos: fc.oneof(
          oddValue,
          fc.array(fc.oneof(oddValue, objectOf(['url'])), { maxLength: 3 }),
        ),
        carouselPhotosComposable: fc.oneof(
          oddValue,
          fc.record(
            {
              baseUrl: oddValue,
              photoData: fc.oneof(
                oddValue,
                fc.array(fc.oneof(oddValue, objectOf(['photoKey'])), { maxLength: 3 }),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    )
    .map((nested) => ({ ...base, ...nested })),
);

/** Objects as JSON.parse makes them (the usual prototype), odd values such as NaN kept. */
function asParsed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(asParsed);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = asParsed(x);
  return out;
}

describe('realty listings', () => {
  test('the plain reader reads any listing exactly as the zod schema does', () => {
    fc.assert(
      fc.property(fc.oneof(listing, oddValue).map(asParsed), (entry) => {
        const byZod = realtyListingSchema.safeParse(entry);
        expect(readRealtyListing(entry)).toStrictEqual(byZod.success ? byZod.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  test('a JSON answer reads the same through the response schema, items that are not objects dropped', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(listing, oddValue), { maxLength: 5 }), (items) => {
        const body: unknown = JSON.parse(JSON.stringify({ realty_listings: items }) ?? '{}');
        const expected = (body as { realty_listings: unknown[] }).realty_listings.flatMap((e) => {
          const r = realtyListingSchema.safeParse(e);
          return r.success ? [r.data] : [];
        });
        expect(realtyResponseSchema.parse(body).realty_listings).toStrictEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  test('a "__proto__" key in an answer stays a plain field, never the listing\'s prototype', () => {
    const [read] = realtyResponseSchema.parse(
      JSON.parse('{"realty_listings":[{"__proto__":{"isUndisclosedAddress":true},"id":"a"}]}'),
    ).realty_listings;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(read?.isUndisclosedAddress).toBeUndefined();
    expect(Object.keys(read ?? {})).toContain('__proto__');
  });

  test('a long list read ahead in slices parses to the same answer, and the answer is not changed', async () => {
    const [items] = fc.sample(
      fc.array(fc.oneof(listing, oddValue), { minLength: 150, maxLength: 150 }),
      {
        numRuns: 1,
        seed: 7,
      },
    );
    const body: unknown = JSON.parse(JSON.stringify({ realty_listings: items, other: 1 }));
    const before = JSON.stringify(body);
    let tasks = 0;
    const counting = setInterval(() => tasks++, 0);
    const ahead = await readListsAhead(realtyResponseSchema, body);
    clearInterval(counting);
    expect(realtyResponseSchema.parse(ahead)).toStrictEqual(realtyResponseSchema.parse(body));
    expect(JSON.stringify(body)).toBe(before);
    expect(tasks).toBeGreaterThan(0); // the page got turns while the list was read
    // Other endpoints' lists too (search results), and short lists are left to the schema.
    const search = {
      organic_results: Array.from({ length: 120 }, (_, i) => ({
        title: `t${i}`,
        position: String(i),
      })),
    };
    expect(
      searchResponseSchema.parse(await readListsAhead(searchResponseSchema, search)),
    ).toStrictEqual(searchResponseSchema.parse(search));
    const short = { realty_listings: [{ id: 'a' }] };
    expect(await readListsAhead(realtyResponseSchema, short)).toBe(short);
  });
});
