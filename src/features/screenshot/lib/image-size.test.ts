import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { readImageSize } from './image-size.ts';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

describe('readImageSize', () => {
  test.each([
    ['PNG', (w: number, h: number) => picture(w, h).png()],
    ['JPEG', (w: number, h: number) => picture(w, h).jpeg({ quality: 60 })],
    ['lossy WebP', (w: number, h: number) => picture(w, h).webp({ quality: 60 })],
    ['lossless WebP', (w: number, h: number) => picture(w, h).webp({ lossless: true })],
    ['GIF', (w: number, h: number) => picture(w, h).gif()],
  ])('reads the size of a %s from its header', async (_, encode) => {
    // WebP stops at 16383 px a side.
    for (const [w, h] of [
      [390, 844],
      [1280, 16000],
      [1, 1],
    ] as const) {
      const bytes = new Uint8Array(await encode(w, h).toBuffer());
      expect(readImageSize(bytes)).toEqual({ width: w, height: h });
    }
  });

  test('a JPEG with metadata before its frame is still measured', async () => {
    const bytes = await picture(300, 200).withMetadata({ density: 144 }).jpeg().toBuffer();
    expect(readImageSize(new Uint8Array(bytes))).toEqual({ width: 300, height: 200 });
  });

  test('text, SVG and cut-off headers have no size', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(readImageSize(text('{"width":100}'))).toBeUndefined();
    expect(readImageSize(text('<svg width="10" height="10"/>'))).toBeUndefined();
    expect(readImageSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});
