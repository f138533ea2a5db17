import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toHomes } from './home.ts';
import { parseSort, sortHomes, sortParam, type SortOrder } from './sort.ts';
import { homesArb } from '../../../../test/arbitraries/realty.ts';

const orderArb: fc.Arbitrary<SortOrder> = fc.record({
  field: fc.constantFrom('listed', 'price', 'ppa', 'beds', 'baths', 'days'),
  dir: fc.constantFrom('asc', 'desc'),
});

describe('sortHomes', () => {
  const homes = toHomes([
    { rpid: 'a', unformattedPrice: 500_000, beds: 3 },
    { rpid: 'b', price: 'Contact for price', beds: 2 },
    { rpid: 'c', unformattedPrice: 200_000 },
    { rpid: 'd', unformattedPrice: 900_000, beds: 4 },
  ]);
  const keys = (o: SortOrder) => sortHomes(homes, o).map((h) => h.key);

  test('sorts by price both ways with missing prices last', () => {
    expect(keys({ field: 'price', dir: 'asc' })).toEqual(['c', 'a', 'd', 'b']);
    expect(keys({ field: 'price', dir: 'desc' })).toEqual(['d', 'a', 'c', 'b']);
  });

  test('sorts by beds with lots (no beds) last', () => {
    expect(keys({ field: 'beds', dir: 'desc' })).toEqual(['d', 'a', 'b', 'c']);
    expect(keys({ field: 'beds', dir: 'asc' })).toEqual(['b', 'a', 'd', 'c']);
  });

  test('orders defined values, puts missing ones last and keeps every listing', () => {
    fc.assert(
      fc.property(homesArb, orderArb, (list, order) => {
        const sorted = sortHomes(list, order);
        expect([...sorted].map((h) => h.key).sort()).toEqual(list.map((h) => h.key).sort());
        const field =
          ({ days: 'daysOnMarket', listed: 'index', ppa: 'pricePerArea' } as const)[
            order.field as 'days'
          ] ?? (order.field as 'price' | 'beds' | 'baths');
        const values = sorted.map((h) => h[field]);
        const firstMissing = values.findIndex((v) => v === undefined);
        if (firstMissing >= 0)
          expect(values.slice(firstMissing).every((v) => v === undefined)).toBe(true);
        const defined = values.filter((v): v is number => v !== undefined);
        for (let i = 1; i < defined.length; i++) {
          if (order.dir === 'asc') expect(defined[i]).toBeGreaterThanOrEqual(defined[i - 1]!);
          else expect(defined[i]).toBeLessThanOrEqual(defined[i - 1]!);
        }
      }),
    );
  });
});

test('the sort order round-trips through the page URL', () => {
  expect(parseSort('price-desc')).toEqual({ field: 'price', dir: 'desc' });
  expect(parseSort('nonsense')).toEqual({ field: 'listed', dir: 'asc' });
  expect(sortParam({ field: 'listed', dir: 'asc' })).toBeNull();
  expect(sortParam({ field: 'beds', dir: 'asc' })).toBe('beds-asc');
});
