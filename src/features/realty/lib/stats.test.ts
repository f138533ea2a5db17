import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toHomes } from './home.ts';
import {
  dataQuality,
  gapToMedian,
  gapWords,
  histogram,
  median,
  priceStats,
  selectionMedians,
} from './stats.ts';

const values = fc.array(fc.double({ min: 0, max: 1e8, noNaN: true }), {
  minLength: 1,
  maxLength: 200,
});

describe('median', () => {
  test('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  test('always lies within the range', () => {
    fc.assert(
      fc.property(values, (vs) => {
        const m = median(vs)!;
        expect(m).toBeGreaterThanOrEqual(Math.min(...vs));
        expect(m).toBeLessThanOrEqual(Math.max(...vs));
      }),
    );
  });
});

describe('histogram', () => {
  test('splits the range into equal bins and includes the maximum in the last one', () => {
    expect(histogram([0, 1, 2, 3, 4, 10], 2)).toEqual([
      { from: 0, to: 5, count: 5 },
      { from: 5, to: 10, count: 1 },
    ]);
  });

  test('gives one bin when every value is the same, and none for no values', () => {
    expect(histogram([5, 5, 5])).toEqual([{ from: 5, to: 5, count: 3 }]);
    expect(histogram([])).toEqual([]);
    // A range floating point cannot split (found by the property below): one bin, not a crash.
    expect(histogram([7e-323, 7.4e-323], 2)).toEqual([{ from: 7e-323, to: 7.4e-323, count: 2 }]);
  });

  test('counts every value exactly once, in a bin that contains it', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 1, max: 20 }), (vs, max) => {
        const bins = histogram(vs, max);
        expect(bins.length).toBeLessThanOrEqual(max);
        expect(bins.reduce((s, b) => s + b.count, 0)).toBe(vs.length);
        expect(bins[0]!.from).toBe(Math.min(...vs));
        expect(bins.at(-1)!.to).toBe(Math.max(...vs));
      }),
    );
  });
});

describe('priceStats', () => {
  const homes = toHomes([
    { statusType: 'FOR_SALE', unformattedPrice: 300_000 },
    { statusType: 'FOR_SALE', unformattedPrice: 500_000 },
    { statusType: 'FOR_SALE', unformattedPrice: 900_000 },
    { statusType: 'FOR_RENT', unformattedPrice: 2_000 },
    { statusType: 'SOLD' },
  ]);

  test('keeps monthly rents out of sale-price numbers', () => {
    expect(priceStats(homes)).toMatchObject({
      basis: 'sale',
      count: 3,
      otherKind: 1,
      median: 500_000,
      min: 300_000,
      max: 900_000,
    });
  });

  test('counts what the data lacks', () => {
    expect(dataQuality(homes)).toEqual({
      total: 5,
      noCoordinates: 5,
      noPrice: 1,
      noArea: 5,
      noPhotos: 5,
    });
  });
});

describe('selectionMedians', () => {
  const home = (
    statusType: string,
    unformattedPrice: number | undefined,
    area: number | undefined,
    daysOnRealty?: number,
  ) => ({ statusType, unformattedPrice, area, hdpData: { homeInfo: { daysOnRealty } } });

  test('keeps rents apart from sale prices in every median, and counts what is left out', () => {
    const m = selectionMedians(
      toHomes([
        home('FOR_SALE', 400_000, 2_000, 10),
        home('FOR_SALE', 600_000, 2_000, 30),
        home('SOLD', 900_000, undefined, 50),
        home('SOLD', undefined, 1_500),
        home('FOR_RENT', 2_000, 1_000, 3),
        home('FOR_RENT', 3_000, 1_000, 5),
        home('FOR_RENT', 2_500, undefined),
      ]),
    );
    expect(m.sale).toEqual({
      listings: 4,
      priced: 3,
      price: 600_000,
      withPerArea: 2,
      perArea: 250,
      withDays: 3,
      days: 30,
    });
    expect(m.rent).toEqual({
      listings: 3,
      priced: 3,
      price: 2_500,
      withPerArea: 2,
      perArea: 2.5,
      withDays: 2,
      days: 4,
    });
    expect(m.noArea).toBe(2);
    expect(m.noPrice).toBe(1);
  });

  test('a median per area is never taken over both kinds: a rent never moves the sale median', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 100_000, max: 3_000_000 }),
            fc.integer({ min: 400, max: 5_000 }),
          ),
          { minLength: 1, maxLength: 30 },
        ),
        fc.array(
          fc.tuple(fc.integer({ min: 500, max: 9_000 }), fc.integer({ min: 300, max: 3_000 })),
          { maxLength: 30 },
        ),
        (sales, rents) => {
          const saleHomes = sales.map(([p, a]) => home('FOR_SALE', p, a));
          const rentHomes = rents.map(([p, a]) => home('FOR_RENT', p, a));
          const both = selectionMedians(toHomes([...rentHomes, ...saleHomes]));
          expect(both.sale).toEqual(selectionMedians(toHomes(saleHomes)).sale);
          expect(both.sale.perArea).toBe(median(sales.map(([p, a]) => p / a)));
          expect(both.rent.withPerArea).toBe(rents.length);
        },
      ),
    );
  });

  test('nothing to take a median of gives no median, not zero', () => {
    const m = selectionMedians([]);
    expect(m.sale).toMatchObject({ listings: 0, price: undefined, perArea: undefined });
    expect(m).toMatchObject({ noArea: 0, noPrice: 0 });
  });
});

describe('gapToMedian', () => {
  const homes = toHomes([
    { unformattedPrice: 400_000, area: 2_000 },
    { unformattedPrice: 500_000, area: 2_000 },
    { unformattedPrice: 660_000, area: 2_000 },
    { statusType: 'FOR_RENT', unformattedPrice: 2_000, area: 1_000 },
    { statusType: 'FOR_RENT', unformattedPrice: 3_000, area: 1_000 },
    { unformattedPrice: 300_000 },
  ]);
  const medians = selectionMedians(homes);
  const gaps = homes.map((h) => gapToMedian(h, medians));

  test("is each listing's price per area against the median of its own kind", () => {
    expect(gaps[0]).toBeCloseTo(-0.2, 10);
    expect(gaps[1]).toBe(0);
    expect(gaps[2]).toBeCloseTo(0.32, 10);
    // Rents against the rents' median ($2.50/sq ft), never the sale prices'.
    expect(gaps[3]).toBeCloseTo(-0.2, 10);
    expect(gaps[4]).toBeCloseTo(0.2, 10);
    expect(gaps[5]).toBeUndefined();
  });

  test('reads as words', () => {
    expect(gapWords(-0.2)).toBe('20% below');
    expect(gapWords(0.32)).toBe('32% above');
    expect(gapWords(0.004)).toBe('at');
    expect(gapWords(-0.004)).toBe('at');
  });
});
