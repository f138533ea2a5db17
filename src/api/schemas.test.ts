import { describe, expect, test } from 'vitest';
import { searchResponseSchema } from './schemas.ts';

describe('response schemas', () => {
  test('keep unknown fields and survive odd types without dropping the result', () => {
    const parsed = searchResponseSchema.parse({
      organic_results: [
        { title: 'a', rank: '3', missing: ['x'], extended_sitelinks: [{ title: 1 }], extra: true },
        5,
      ],
      search_metadata: { id: 'x' },
    });
    expect(parsed.organic_results).toHaveLength(1);
    expect(parsed.organic_results[0]).toMatchObject({ title: 'a', rank: 3, extra: true });
    expect(parsed.search_metadata).toEqual({ id: 'x' });
  });

  test('read a missing result list as empty, but reject a body that is not an object', () => {
    expect(searchResponseSchema.parse({}).organic_results).toEqual([]);
    expect(searchResponseSchema.safeParse([1]).success).toBe(false);
    expect(searchResponseSchema.safeParse('oops').success).toBe(false);
  });
});
