import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compactPrice, formatPrice, parsePriceText } from './price.ts';

describe('parsePriceText', () => {
  test.each([
    ['$1.2M', 1_200_000],
    ['$850K', 850_000],
    ['From $450,000', 450_000],
    ['$2,045+ 1 bd', 2_045],
    ['$2,045/mo', 2_045],
    ['$2,045+/mo', 2_045],
    ['$849,950', 849_950],
    ['Upper $800s', 800_000],
    ['Upper $1000s', 1_000_000],
    ['3 bd from $2,000', 2_000],
    ['$1.5 million', 1_500_000],
    ['450000', 450_000],
  ])('reads %s as %d', (text, expected) => {
    expect(parsePriceText(text)).toBe(expected);
  });

  test.each(['Contact for price', 'Call for rent', '', '$0'])('finds no amount in %j', (text) => {
    expect(parsePriceText(text)).toBeUndefined();
  });

  test('reads back every whole-dollar amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.boolean(), (n, monthly) => {
        expect(parsePriceText(formatPrice(n, { monthly }))).toBe(n);
      }),
    );
  });

  test('never throws and never gives a non-positive or non-finite amount', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const n = parsePriceText(text);
        if (n !== undefined) expect(Number.isFinite(n) && n > 0).toBe(true);
      }),
    );
  });
});

describe('compactPrice', () => {
  test.each([
    [1_234_567, '$1.2M'],
    [2_000_000, '$2M'],
    [999_999, '$1M'],
    [850_000, '$850K'],
    [849_950, '$850K'],
    [950, '$950'],
  ])('writes %d as %s', (n, label) => {
    expect(compactPrice(n)).toBe(label);
  });

  test('keeps rents exact and monthly', () => {
    expect(compactPrice(2045, { monthly: true })).toBe('$2,045/mo');
  });

  test('is at most 7 characters for any sale price below a billion', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 999_000_000, noNaN: true }), (n) => {
        expect(compactPrice(n)).toMatch(/^\$\d{1,3}(\.\d)?[KM]?$/);
      }),
    );
  });
});
