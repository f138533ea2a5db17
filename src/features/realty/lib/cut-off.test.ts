import { describe, expect, test } from 'vitest';
import { cutOffTotal } from './cut-off.ts';

describe('cutOffTotal', () => {
  test('names the total only when the answer holds fewer listings than matched', () => {
    expect(cutOffTotal(610, 431)).toBe(610);
    expect(cutOffTotal('1,234', 500)).toBe(1234);
    expect(cutOffTotal(431, 431)).toBeUndefined();
    expect(cutOffTotal(12, 40)).toBeUndefined();
    for (const v of [undefined, null, '', 'many', -5, NaN, {}])
      expect(cutOffTotal(v, 10)).toBeUndefined();
  });
});
