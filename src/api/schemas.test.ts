import { describe, expect, test } from 'vitest';
import { realtyResponseSchema, searchResponseSchema } from './schemas.ts';

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

  test('read messy realty listings: text prices, string numbers, empty coordinates, no hdpData', () => {
    const parsed = realtyResponseSchema.parse({
      realty_listings: [{ price: '$1.2M', beds: '3', latLong: {}, hdpData: 5, id: 'x1' }],
    });
    expect(parsed.realty_listings[0]).toMatchObject({
      price: '$1.2M',
      beds: 3,
      latLong: {},
      id: 'x1',
    });
    expect(parsed.realty_listings[0]?.hdpData).toBeUndefined();
  });

  test('read both photo shapes of a realty listing, and odd ones as absent', () => {
    const [composable, odd, oddItems] = realtyResponseSchema.parse({
      realty_listings: [
        {
          carouselPhotosComposable: {
            baseUrl: 'https://p.example/fp/{photoKey}-p_e.jpg',
            photoData: [{ photoKey: 'ab12' }, { photoKey: 7 }, 'x', { photoKey: {} }],
            communityBaseUrl: null,
          },
        },
        { carouselPhotosComposable: 'https://p.example/x.jpg', carouselPhotos: 'none' },
        {
          carouselPhotosComposable: { baseUrl: 5, photoData: {} },
          carouselPhotos: [1, { url: 2 }],
        },
      ],
    }).realty_listings;
    expect(composable?.carouselPhotosComposable).toEqual({
      baseUrl: 'https://p.example/fp/{photoKey}-p_e.jpg',
      photoData: [{ photoKey: 'ab12' }, { photoKey: 7 }, { photoKey: undefined }],
      communityBaseUrl: null,
    });
    expect(odd?.carouselPhotosComposable).toBeUndefined();
    expect(odd?.carouselPhotos).toEqual([]);
    expect(oddItems?.carouselPhotosComposable).toEqual({ baseUrl: undefined, photoData: [] });
    expect(oddItems?.carouselPhotos).toEqual([{ url: undefined }]);
  });
});
