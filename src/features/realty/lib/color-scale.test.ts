import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  buildScale,
  colorOf,
  medianOn,
  NO_VALUE_COLOR,
  parseColorMode,
  quantileEdges,
  roundNice,
  SCALE_COLORS,
  type ValueMode,
} from './color-scale.ts';
import { toHomes } from './home.ts';
import { homesArb } from '../../../../test/arbitraries/realty.ts';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const sales = (prices: number[]) =>
  toHomes(prices.map((p) => ({ statusType: 'FOR_SALE', unformattedPrice: p, area: 1000 })));

describe('the colour scale', () => {
  test('only the known modes come from the page URL', () => {
    expect(parseColorMode('ppa')).toBe('ppa');
    expect(parseColorMode('nonsense')).toBe('status');
    expect(parseColorMode(null)).toBe('status');
  });

  test('every colour keeps 4.5:1 contrast with the white text of a pin', () => {
    for (const c of [...SCALE_COLORS, NO_VALUE_COLOR])
      expect((1.05 / (luminance(c) + 0.05)).toFixed(2), c).toSatisfy(
        (r: string) => Number(r) >= 4.5,
      );
  });

  test('rounds bounds to two significant figures', () => {
    expect(roundNice(447_812)).toBe(450_000);
    expect(roundNice(412.4)).toBe(410);
    expect(roundNice(2.149)).toBeCloseTo(2.1, 10);
    expect(quantileEdges([], 5)).toEqual([]);
  });

  test('quantile bins hold about as many listings each, low to high', () => {
    const scale = buildScale(
      sales(Array.from({ length: 100 }, (_, i) => 100_000 + i * 10_000)),
      'price',
      'sqft',
    );
    expect(scale.bins.map((b) => [b.from, b.to, b.count])).toEqual([
      [100_000, 300_000, 20],
      [300_000, 500_000, 20],
      [500_000, 700_000, 20],
      [700_000, 900_000, 20],
      [900_000, 1_090_000, 20],
    ]);
    expect(scale.bins.map((b) => b.color)).toEqual([...SCALE_COLORS]);
    expect(scale.label(450_000)).toBe('$450K');
  });

  test('a value the whole map shares is one bin of the middle colour', () => {
    const scale = buildScale(sales([5, 5, 5]), 'price', 'sqft');
    expect(scale.bins).toEqual([{ from: 5, to: 5, color: SCALE_COLORS[2], count: 3 }]);
  });

  test('rents are kept off a scale of sale prices (and the other way round), and counted', () => {
    const homes = toHomes([
      ...[300_000, 500_000, 700_000].map((p) => ({ unformattedPrice: p, area: 1000 })),
      { statusType: 'FOR_RENT', unformattedPrice: 2_000, area: 1000 },
      { statusType: 'SOLD' },
    ]);
    const scale = buildScale(homes, 'ppa', 'sqft');
    expect(scale).toMatchObject({ kind: 'sale', otherKind: 1, noValue: 1 });
    expect(scale.bins.reduce((s, b) => s + b.count, 0)).toBe(3);
    expect(colorOf(scale, scale.valueOf(homes[3]!))).toBe(NO_VALUE_COLOR);
    expect(colorOf(scale, scale.valueOf(homes[0]!))).not.toBe(NO_VALUE_COLOR);
    const rentals = toHomes([
      ...[1_500, 2_000].map((p) => ({ statusType: 'FOR_RENT', unformattedPrice: p })),
      { unformattedPrice: 400_000 },
    ]);
    expect(buildScale(rentals, 'price', 'sqft')).toMatchObject({ kind: 'rent', otherKind: 1 });
    expect(buildScale(rentals, 'price', 'sqft').label(2_000)).toBe('$2,000/mo');
  });

  test('a scale per area is in the unit shown, days in whole days', () => {
    const homes = toHomes([{ unformattedPrice: 500_000, area: 2_000 }]);
    expect(buildScale(homes, 'ppa', 'm2').valueOf(homes[0]!)).toBeCloseTo(250 * 10.7639104, 6);
    expect(buildScale(homes, 'ppa', 'm2').label(2690)).toBe('$2,690/m²');
    const days = toHomes(
      [0, 1, 2, 3, 5, 8, 13, 21, 34, 55].map((d) => ({
        hdpData: { homeInfo: { daysOnRealty: d } },
      })),
    );
    const scale = buildScale(days, 'days', 'sqft');
    expect(scale.kind).toBeUndefined();
    expect(scale.edges.every(Number.isInteger)).toBe(true);
    expect(scale.label(1)).toBe('1 day');
  });

  test('every listing with a value is counted once, in the bin whose colour it gets; no bin is empty', () => {
    fc.assert(
      fc.property(homesArb, fc.constantFrom<ValueMode>('price', 'ppa', 'days'), (homes, mode) => {
        const scale = buildScale(homes, mode, 'sqft');
        const valued = homes.filter((h) => scale.valueOf(h) !== undefined);
        expect(scale.bins.reduce((s, b) => s + b.count, 0)).toBe(valued.length);
        expect(valued.length + scale.otherKind + scale.noValue).toBe(homes.length);
        expect(scale.bins.length).toBeLessThanOrEqual(SCALE_COLORS.length);
        for (const b of scale.bins) expect(b.count).toBeGreaterThan(0);
        for (const h of valued) {
          const v = scale.valueOf(h)!;
          const bin = scale.bins.find((b) => b.color === colorOf(scale, v))!;
          expect(v).toBeGreaterThanOrEqual(bin.from);
          expect(v <= bin.to).toBe(true);
        }
      }),
    );
  });

  test("a cluster's median is over its listings on the scale only", () => {
    const homes = toHomes([
      { unformattedPrice: 100_000 },
      { unformattedPrice: 300_000 },
      { unformattedPrice: 900_000 },
      { statusType: 'FOR_RENT', unformattedPrice: 2_000 },
      {},
    ]);
    const scale = buildScale(homes, 'price', 'sqft');
    expect(medianOn(scale, homes)).toBe(300_000);
    expect(medianOn(scale, homes.slice(3))).toBeUndefined();
  });
});
