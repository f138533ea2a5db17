import { afterEach, describe, expect, test } from 'vitest';
import { MAX_PINS, parsePins, toggle, togglePin, unpinAll } from './compare-pins.ts';

describe('compare pins', () => {
  afterEach(() => unpinAll());

  test('pin and unpin by key, never more than four', () => {
    let pins: readonly string[] = [];
    for (const key of ['a', 'b', 'c', 'd', 'e']) pins = togglePin(pins, key);
    expect(pins).toEqual(['a', 'b', 'c', 'd']);
    expect(MAX_PINS).toBe(4);
    pins = togglePin(pins, 'b');
    expect(pins).toEqual(['a', 'c', 'd']);
    expect(togglePin(pins, 'e')).toEqual(['a', 'c', 'd', 'e']);
  });

  test('read from storage: keys only, no repeats, at most four; anything else is dropped', () => {
    expect(parsePins(null)).toEqual([]);
    expect(parsePins('["1","2",3,"2","",null,"4","5","6"]')).toEqual(['1', '2', '4', '5']);
    expect(parsePins('{"a":1}')).toEqual([]);
    expect(() => parsePins('not json')).toThrow();
  });

  test('are kept in this tab’s sessionStorage, so a reload finds them', () => {
    toggle('111');
    toggle('222');
    expect(JSON.parse(sessionStorage.getItem('web-data-dashboard.realty-compare')!)).toEqual([
      '111',
      '222',
    ]);
    unpinAll();
    expect(sessionStorage.getItem('web-data-dashboard.realty-compare')).toBeNull();
  });
});
