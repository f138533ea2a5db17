import { describe, expect, test } from 'vitest';
import { LIST_IN_SLICES_FROM, safeParseInSlices } from './parse-in-slices.ts';
import { realtyResponseSchema, searchResponseSchema } from './schemas.ts';

/** A search answer of `n` results: every seventh is not an object (dropped), a rank is text, some sitelinks odd. */
function answer(n: number) {
  return {
    search_metadata: { id: 'x' },
    organic_results: Array.from({ length: n }, (_, i) =>
      i % 7 === 3
        ? 'not a result'
        : { title: `r${i}`, rank: `${i + 1}`, extended_sitelinks: i % 5 ? [] : 'odd' },
    ),
  };
}

describe('an answer read with its long lists in slices', () => {
  test('reads exactly as one parse does: the same kept items, the same fields, the rest of the answer', async () => {
    const raw = answer(LIST_IN_SLICES_FROM * 3 + 17);
    const sliced = await safeParseInSlices(searchResponseSchema, raw);
    expect(sliced).toEqual(searchResponseSchema.safeParse(raw));
    expect(
      sliced.success && (sliced.data as { organic_results: unknown[] }).organic_results.length,
    ).toBe(raw.organic_results.filter((r) => typeof r !== 'string').length);
  });

  test('fails where one parse fails, whatever the length of the lists', async () => {
    const wrong = {
      ...answer(LIST_IN_SLICES_FROM * 2),
      search_metadata: 'x',
      organic_results: 'none',
    };
    expect(await safeParseInSlices(searchResponseSchema, wrong)).toMatchObject({ success: false });
    const listings = { realty_listings: Array.from({ length: LIST_IN_SLICES_FROM + 1 }, () => 1) };
    expect(await safeParseInSlices(realtyResponseSchema, listings)).toEqual(
      realtyResponseSchema.safeParse(listings),
    );
  });

  test('gives the page a turn before the last item is read', async () => {
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const read = safeParseInSlices(searchResponseSchema, answer(LIST_IN_SLICES_FROM));
    await read;
    clearInterval(tick);
    expect(turns).toBeGreaterThan(0);
  });
});
