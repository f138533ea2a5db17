import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  areaAmount,
  areaIn,
  formatArea,
  formatPerArea,
  parseAreaUnit,
  perAreaIn,
  SQFT_PER_M2,
} from './area.ts';

describe('area units', () => {
  test('square metres only when the page URL says m2', () => {
    expect(parseAreaUnit('m2')).toBe('m2');
    for (const raw of [null, '', 'sqft', 'M2', 'm²']) expect(parseAreaUnit(raw)).toBe('sqft');
  });

  test('a home costs the same in either unit: area × price per area gives the price back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 50_000, noNaN: true }),
        fc.double({ min: 0.5, max: 5_000, noNaN: true }),
        (sqft, perSqft) => {
          const price = sqft * perSqft;
          expect(areaIn(sqft, 'm2') * perAreaIn(perSqft, 'm2')).toBeCloseTo(price, 6);
          expect(areaIn(sqft, 'sqft') * perAreaIn(perSqft, 'sqft')).toBe(price);
        },
      ),
    );
  });

  test('shows areas and prices per area in the unit, rents per month with cents', () => {
    expect(formatArea(1850, 'sqft')).toBe('1,850 sq ft');
    expect(formatArea(1850, 'm2')).toBe('172 m²');
    expect(formatPerArea(412.4, 'sqft')).toBe('$412/sq ft');
    expect(formatPerArea(412.4, 'm2')).toBe('$4,439/m²');
    expect(formatPerArea(2.149, 'sqft', { monthly: true })).toBe('$2.15/sq ft/mo');
    expect(formatPerArea(2.149, 'm2', { monthly: true })).toBe('$23.13/m²/mo');
    expect(formatPerArea(1_234.5, 'sqft', { symbol: '€' })).toBe('€1,235/sq ft');
    expect(SQFT_PER_M2).toBeCloseTo(10.7639, 4);
  });

  test('reads an area from a number or text; 0, negatives and words are unknown', () => {
    expect(areaAmount(1850)).toBe(1850);
    expect(areaAmount('1,850')).toBe(1850);
    expect(areaAmount(' 1850 sq ft ')).toBe(1850);
    expect(areaAmount('1850 sqft')).toBe(1850);
    for (const v of [0, '0', -3, '', 'n/a', null, undefined, {}, NaN, Infinity])
      expect(areaAmount(v)).toBeUndefined();
  });
});
