import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { messyListing } from '../../../../test/arbitraries/realty.ts';
import { firstListingPhoto, listingPhotos, photoCount, seemsToHavePhoto } from './photos.ts';

const BASE = 'https://photos.example/fp/{photoKey}-p_e.jpg';
const url = (key: string) => `https://photos.example/fp/${key}-p_e.jpg`;

describe('listingPhotos', () => {
  test('builds one URL per photoKey of carouselPhotosComposable, in order', () => {
    const keys = Array.from({ length: 24 }, (_, i) => `a1b2c3${i}`);
    const listing = {
      imgSrc: url('a1b2c30'),
      carouselPhotosComposable: {
        baseUrl: BASE,
        photoData: keys.map((photoKey) => ({ photoKey })),
      },
    };
    const photos = listingPhotos(listing);
    expect(photos).toHaveLength(24);
    expect(photos[0]).toBe(url('a1b2c30'));
    expect(photos[23]).toBe(url('a1b2c323'));
    expect(photoCount(listing)).toBe(24);
    expect(firstListingPhoto(listing)).toBe(url('a1b2c30'));
  });

  test('reads carouselPhotos urls, in order', () => {
    const listing = {
      carouselPhotos: [{ url: 'https://a.example/1.jpg' }, { url: 'http://a.example/2.jpg' }],
    };
    expect(listingPhotos(listing)).toEqual(['https://a.example/1.jpg', 'http://a.example/2.jpg']);
  });

  test('falls back to the cover image, and a listing without any has no photos', () => {
    expect(listingPhotos({ imgSrc: 'https://a.example/cover.jpg' })).toEqual([
      'https://a.example/cover.jpg',
    ]);
    expect(listingPhotos({})).toEqual([]);
    expect(firstListingPhoto({})).toBeNull();
    expect(photoCount({ carouselPhotos: [] })).toBe(0);
  });

  test('drops every URL that is not http(s), in either shape and in imgSrc', () => {
    expect(
      listingPhotos({
        carouselPhotos: [
          { url: 'https://a.example/1.jpg' },
          { url: 'javascript:alert(1)' },
          { url: 'data:image/png;base64,AAAA' },
          { url: '/relative.jpg' },
        ],
        imgSrc: 'https://a.example/cover.jpg',
      }),
    ).toEqual(['https://a.example/1.jpg']);
    expect(
      listingPhotos({
        carouselPhotosComposable: {
          baseUrl: 'javascript:alert("{photoKey}")',
          photoData: [{ photoKey: 'a' }],
        },
        imgSrc: 'data:image/png;base64,AAAA',
      }),
    ).toEqual([]);
  });

  test.each<[string, unknown]>([
    ['a string', 'https://photos.example/fp/x.jpg'],
    ['an array', [{ photoKey: 'a' }]],
    ['null', null],
    ['no baseUrl', { photoData: [{ photoKey: 'a' }] }],
    [
      'a baseUrl without {photoKey}',
      { baseUrl: 'https://photos.example/fp/x.jpg', photoData: [{ photoKey: 'a' }] },
    ],
    ['a numeric baseUrl', { baseUrl: 5, photoData: [{ photoKey: 'a' }] }],
    ['photoData that is not an array', { baseUrl: BASE, photoData: { photoKey: 'a' } }],
    ['photoData of non-objects', { baseUrl: BASE, photoData: ['a', 1, null] }],
    [
      'photoData without keys',
      { baseUrl: BASE, photoData: [{}, { photoKey: '' }, { photoKey: null }] },
    ],
  ])('carouselPhotosComposable as %s gives no composable photos', (_, composable) => {
    for (const listing of [
      { carouselPhotosComposable: composable },
      { carouselPhotosComposable: composable },
    ]) {
      expect(listingPhotos(listing)).toEqual([]);
      expect(firstListingPhoto(listing)).toBeNull();
    }
    // …and the other shape still counts.
    const withCarousel = {
      carouselPhotosComposable: composable,
      carouselPhotos: [{ url: url('c') }],
    };
    expect(listingPhotos(withCarousel)).toEqual([url('c')]);
  });

  test('skips the odd items of photoData and keeps the rest', () => {
    const listing = {
      carouselPhotosComposable: {
        baseUrl: BASE,
        photoData: [
          { photoKey: 'a' },
          'b',
          {},
          { photoKey: 7 },
          { photoKey: 'a' },
          { caption: 'x' },
        ],
      },
    };
    expect(listingPhotos(listing)).toEqual([url('a'), url('7')]);
  });

  test('a photoKey only fills its place in the path', () => {
    const [photo] = listingPhotos({
      carouselPhotosComposable: { baseUrl: BASE, photoData: [{ photoKey: '../x?y#z' }] },
    });
    expect(photo).toBe('https://photos.example/fp/..%2Fx%3Fy%23z-p_e.jpg');
    expect(new URL(photo!).host).toBe('photos.example');
  });

  test('prefers the composable photos when a listing carries both shapes', () => {
    const listing = {
      carouselPhotos: [{ url: 'https://a.example/small-1.jpg' }],
      carouselPhotosComposable: {
        baseUrl: BASE,
        photoData: [{ photoKey: 'k1' }, { photoKey: 'k2' }],
      },
    };
    expect(listingPhotos(listing)).toEqual([url('k1'), url('k2')]);
  });

  test('any messy listing: never throws, only http(s) URLs, the first photo is the thumbnail, and the quick check sees it', () => {
    const composable = fc.oneof(
      fc.record(
        {
          baseUrl: fc.oneof(fc.constant(BASE), fc.webUrl(), fc.string(), fc.constant(null)),
          photoData: fc.oneof(
            fc.array(
              fc.oneof(
                fc.record({ photoKey: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }),
                fc.anything(),
              ),
              { maxLength: 30 },
            ),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(messyListing, composable, (raw, c) => {
        const listing = { ...raw, carouselPhotosComposable: c };
        const photos = listingPhotos(listing);
        for (const p of photos) expect(new URL(p).protocol).toMatch(/^https?:$/);
        expect(new Set(photos).size).toBe(photos.length);
        expect(firstListingPhoto(listing)).toBe(photos[0] ?? null);
        if (photos.length > 0) expect(seemsToHavePhoto(listing)).toBe(true);
      }),
    );
  });
});
