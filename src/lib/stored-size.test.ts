import { describe, expect, test } from 'vitest';
import { newestWithin, storedSize } from './stored-size.ts';

describe('storedSize', () => {
  test('a Blob counts by its bytes', () => {
    expect(storedSize({ blob: new Blob([new Uint8Array(10_000)]) })).toBeGreaterThanOrEqual(10_000);
  });

  test('a bigger JSON body counts for more', () => {
    const small = { organic_results: [{ title: 'a' }] };
    const big = { organic_results: Array.from({ length: 100 }, () => ({ title: 'a'.repeat(50) })) };
    expect(storedSize(big)).toBeGreaterThan(storedSize(small) * 50);
  });

  test('a value reached twice counts once', () => {
    const shared = { text: 'x'.repeat(1000) };
    expect(storedSize({ a: shared, b: shared })).toBeLessThan(
      storedSize({ a: shared, b: { ...shared } }),
    );
  });
});

describe('newestWithin', () => {
  const items = [
    { id: 'old', at: 1, bytes: 40 },
    { id: 'mid', at: 2, bytes: 40 },
    { id: 'new', at: 3, bytes: 40 },
  ];
  const options = {
    size: (i: (typeof items)[number]) => i.bytes,
    time: (i: (typeof items)[number]) => i.at,
  };

  test('the oldest items are dropped first when the cap is reached', () => {
    expect(newestWithin(items, { ...options, maxBytes: 100 }).map((i) => i.id)).toEqual([
      'new',
      'mid',
    ]);
  });

  test('an item larger than the whole cap is never kept', () => {
    expect(
      newestWithin([{ id: 'huge', at: 9, bytes: 500 }, ...items], {
        ...options,
        maxBytes: 100,
      }).map((i) => i.id),
    ).toEqual(['new', 'mid']);
  });
});
