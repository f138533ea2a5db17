import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { realtyResponseSchema } from './schemas.ts';
import { isRecord } from '../lib/is-record.ts';

describe('realty answers', () => {
  test('keep every listing object as it came (not read, not copied), and drop the other items', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.object(), fc.anything()), { maxLength: 8 }), (items) => {
        const body = { realty_listings: items, search: { page: 1 } };
        const read = realtyResponseSchema.parse(body);
        const objects = items.filter(isRecord);
        expect(read.realty_listings).toHaveLength(objects.length);
        read.realty_listings.forEach((listing, i) => expect(listing).toBe(objects[i]));
        expect(read['search']).toEqual({ page: 1 });
      }),
    );
  });

  test('a missing list reads as none, but a list that is not a list is the wrong shape', () => {
    expect(realtyResponseSchema.parse({}).realty_listings).toEqual([]);
    expect(realtyResponseSchema.safeParse({ realty_listings: 'x' }).success).toBe(false);
  });

  test('a "__proto__" key in an answer stays a plain field, never the listing\'s prototype', () => {
    const [read] = realtyResponseSchema.parse(
      JSON.parse('{"realty_listings":[{"__proto__":{"isUndisclosedAddress":true},"id":"a"}]}'),
    ).realty_listings;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(read?.['isUndisclosedAddress']).toBeUndefined();
    expect(Object.keys(read ?? {})).toContain('__proto__');
  });
});
