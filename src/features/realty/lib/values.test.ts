import { describe, expect, test } from 'vitest';
import { amount, count, flag, homeInfoOf, idText, number, text } from './values.ts';

describe("a listing's values, read leniently", () => {
  test('numbers: numbers and numeric text, nothing else', () => {
    expect(number(3)).toBe(3);
    expect(number(' 1,250 ')).toBe(1250);
    expect(number('-12.5')).toBe(-12.5);
    expect(Object.is(number(-0), 0)).toBe(true);
    for (const odd of ['$5', '', '  ', 'n/a', NaN, Infinity, null, undefined, {}, [], true])
      expect(number(odd)).toBeUndefined();
  });

  test('counts are zero or more, amounts more than zero', () => {
    expect(count('0')).toBe(0);
    expect(count(-1)).toBeUndefined();
    expect(amount('1,250')).toBe(1250);
    expect(amount(0)).toBeUndefined();
    expect(amount('$5')).toBeUndefined();
  });

  test('text is trimmed, and blank text is no text', () => {
    expect(text('  Austin ')).toBe('Austin');
    expect(text('   ')).toBeUndefined();
    expect(text(5)).toBeUndefined();
  });

  test('flags are set by true or "true" only; ids are digits or text', () => {
    expect([true, 'true', false, 'false', 1, 'yes', null].map(flag)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(idText(123)).toBe('123');
    expect(idText(' a1 ')).toBe('a1');
    expect(idText(NaN)).toBeUndefined();
    expect(idText({})).toBeUndefined();
  });

  test('the detail data is there only as an object inside an object', () => {
    expect(homeInfoOf({ hdpData: { homeInfo: { city: 'Austin' } } })).toEqual({ city: 'Austin' });
    for (const hdpData of [undefined, null, 'x', { homeInfo: [] }, { homeInfo: null }, []])
      expect(homeInfoOf({ hdpData })).toBeUndefined();
  });
});
