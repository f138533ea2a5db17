import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  LISTING_PHOTO_HEIGHT,
  LISTING_PHOTO_WIDTH,
  photoSeed,
  renderListingPhoto,
} from './photos.ts';

describe('renderListingPhoto', () => {
  test('renders a 480x320 JPEG', async () => {
    const buf = await renderListingPhoto('123456789-0');
    expect(buf[0]).toBe(0xff);
    expect(buf[1]).toBe(0xd8);
    const meta = await sharp(buf).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(320);
    expect([LISTING_PHOTO_WIDTH, LISTING_PHOTO_HEIGHT]).toEqual([480, 320]);
  });

  test('the same seed gives identical bytes', async () => {
    const a = await renderListingPhoto('987654321-3');
    const b = await renderListingPhoto('987654321-3');
    expect(Buffer.compare(a, b)).toBe(0);
  });

  test('different seeds give different bytes, for outside and inside views alike', async () => {
    const seeds = ['111111111-0', '222222222-0', '111111111-1', '111111111-2'];
    const bufs = await Promise.all(seeds.map((s) => renderListingPhoto(s)));
    const distinct = new Set(bufs.map((b) => b.toString('base64')));
    expect(distinct.size).toBe(seeds.length);
  });

  test('odd seeds with markup or control characters still render', async () => {
    for (const seed of ['', '<svg>&"\'', 'a\u0000b\ud800c', 'x'.repeat(500)]) {
      const meta = await sharp(await renderListingPhoto(seed)).metadata();
      expect(meta.width).toBe(480);
    }
  });

  test('short-video seeds render a video still of the same size', async () => {
    const meta = await sharp(await renderListingPhoto('short-1234561')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 320]);
    expect(await renderListingPhoto('short-1234561')).not.toEqual(
      await renderListingPhoto('1234561-0'),
    );
  });
});

describe('composable photo names', () => {
  test('a size suffix names the same photo as the bare seed', async () => {
    expect(photoSeed('123456789-4-p_e')).toBe('123456789-4');
    expect(photoSeed('123456789-4')).toBe('123456789-4');
    expect(photoSeed('-p_e')).toBe('-p_e');
    const [suffixed, bare] = await Promise.all([
      renderListingPhoto('123456789-21-p_e'),
      renderListingPhoto('123456789-21'),
    ]);
    expect(Buffer.compare(suffixed, bare)).toBe(0);
  });
});
