import { describe, expect, test } from 'vitest';
import { costLabel, creditsAfter } from './cost.ts';

describe('costLabel', () => {
  test('a published cost is exact, a measured one approximate, a missing one unknown', () => {
    expect(costLabel(20)).toBe('20 credits');
    expect(costLabel({ credits: 10, basis: 'measured' })).toBe('≈ 10 credits (measured)');
    expect(costLabel(null)).toBe('unknown cost');
  });

  test('several runs multiply a measured cost and keep it approximate', () => {
    expect(costLabel({ credits: 10, basis: 'measured' }, 3)).toBe(
      '≈ 3 × 10 = 30 credits (measured)',
    );
  });
});

describe('creditsAfter', () => {
  test('says what is left after a measured cost, approximately', () => {
    expect(creditsAfter({ credits: 10, basis: 'measured' }, 100_000)).toBe('≈ 99,990 left after');
    expect(creditsAfter(20, 100_000)).toBe('99,980 left after');
    expect(creditsAfter(null, 100_000)).toBeNull();
  });
});
