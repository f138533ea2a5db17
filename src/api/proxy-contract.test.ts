import { expect, test } from 'vitest';
import { proxyErrorReason } from './proxy-contract.ts';

test('a proxy marker names a reason only if the dashboard knows it', () => {
  expect(proxyErrorReason('interim')).toBe('interim');
  expect(proxyErrorReason('redirect')).toBe('redirect');
  expect(proxyErrorReason('constructor')).toBeUndefined();
  expect(proxyErrorReason(null)).toBeUndefined();
});
