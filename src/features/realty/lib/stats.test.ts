import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toHomes } from './home.ts';
import { dataQuality, histogram, median, priceStats } from './stats.ts';

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
    expect(dataQuality(homes)).toEqual({ total: 5, noCoordinates: 5, noPrice: 1, noPhotos: 5 });
  });
});
