import { describe, expect, test } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

/** `levels` lists inside each other, `[[[…]]]`, built without recursion. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('nestsDeeperThan', () => {
  test('counts objects and lists as levels, plain values as none', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
  });

  test('walks 100,000 levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(100_000), 500)).toBe(true);
    expect(nestsDeeperThan({ wide: Array.from({ length: 1000 }, () => nested(10)) }, 12)).toBe(
      false,
    );
  });
});
