import { expect, test } from 'vitest';
import { compareBytes } from './compare-bytes.ts';

test('byte counts compare as a share smaller, larger or a multiple', () => {
  expect(compareBytes(1000, 370)).toBe('B is 63% smaller than A');
  expect(compareBytes(1000, 1500)).toBe('B is 50% larger than A');
  expect(compareBytes(1000, 2400)).toBe('B is 2.4× the size of A');
  expect(compareBytes(1000, 1000)).toBe('A and B are the same size');
});
