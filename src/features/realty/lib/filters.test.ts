import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  applyFilters,
  humanizeEnum,
  matchesFilters,
  parseFilters,
  type Filters,
} from './filters.ts';
import { homesArb } from '../../../../test/arbitraries/realty.ts';

const filtersArb: fc.Arbitrary<Filters> = fc.record(
  {
    minPrice: fc.integer({ min: 0, max: 3_000_000 }),
    maxPrice: fc.integer({ min: 0, max: 3_000_000 }),
    minBeds: fc.integer({ min: 0, max: 6 }),
    minBaths: fc.constantFrom(0, 1, 1.5, 2, 3),
    homeType: fc.constantFrom('SINGLE_FAMILY', 'CONDO', 'LOT'),
    status: fc.constantFrom('FOR_SALE', 'FOR_RENT', 'SOLD', 'UNKNOWN'),
  },
  { requiredKeys: [] },
);

describe('parseFilters', () => {
  test('reads numbers and choices from the page URL and ignores what does not parse', () => {
    const f = parseFilters(
      new URLSearchParams(
        'url=x&minPrice=300,000&maxPrice=abc&minBeds=2&minBaths=-1&status=FOR_SALE&homeType=',
      ),
    );
    expect(f).toEqual({ minPrice: 300_000, minBeds: 2, status: 'FOR_SALE' });
  });
});

describe('applyFilters', () => {
  test('never returns a listing that violates a filter', () => {
    fc.assert(
      fc.property(homesArb, filtersArb, (homes, f) => {
        for (const h of applyFilters(homes, f)) {
          if (f.minPrice !== undefined) expect(h.price).toBeGreaterThanOrEqual(f.minPrice);
          if (f.maxPrice !== undefined) expect(h.price).toBeLessThanOrEqual(f.maxPrice);
          if (f.minBeds !== undefined) expect(h.beds).toBeGreaterThanOrEqual(f.minBeds);
          if (f.minBaths !== undefined) expect(h.baths).toBeGreaterThanOrEqual(f.minBaths);
          if (f.homeType !== undefined) expect(h.homeType).toBe(f.homeType);
          if (f.status !== undefined) expect(h.status).toBe(f.status);
        }
      }),
    );
  });

  test('drops only listings that fail, and keeps the order', () => {
    fc.assert(
      fc.property(homesArb, filtersArb, (homes, f) => {
        expect(applyFilters(homes, f)).toEqual(homes.filter((h) => matchesFilters(h, f)));
      }),
    );
  });

  test('with no filter returns everything', () => {
    fc.assert(
      fc.property(homesArb, (homes) => {
        expect(applyFilters(homes, {})).toBe(homes);
      }),
    );
  });
});

test('humanizeEnum reads enum values as words', () => {
  expect(humanizeEnum('SINGLE_FAMILY')).toBe('Single family');
  expect(humanizeEnum('FOR_RENT')).toBe('For rent');
});
