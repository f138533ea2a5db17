import { describe, expect, test } from 'vitest';
import { displayValue } from './usage.ts';

describe('displayValue', () => {
  test('values show as numbers, text or JSON, and a missing one as "not reported"', () => {
    expect(displayValue(12345)).toBe('12,345');
    expect(displayValue('gold')).toBe('gold');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(undefined)).toBe('not reported');
  });
});
