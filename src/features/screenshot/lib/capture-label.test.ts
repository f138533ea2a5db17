import { describe, expect, test } from 'vitest';
import { captureFileName, captureLabel } from './capture-label.ts';

describe('naming a capture', () => {
  test('the file name says host, pixel size, full page and format', () => {
    const params = { url: 'https://www.example.com/a?b=1', fullPage: 'true', format: 'webp' };
    expect(captureFileName(params, { width: 1280, height: 5200 }, 'image/webp')).toBe(
      'www-example-com-1280x5200-full.webp',
    );
    expect(captureFileName({ url: 'https://example.com/' }, undefined, 'image/jpeg')).toBe(
      'example-com-1280x800.jpg',
    );
  });

  test('the label names the quality only for lossy formats', () => {
    expect(captureLabel({ url: 'https://example.com/', format: 'webp', quality: '60' })).toBe(
      'example.com · WebP q60 · 1280×800',
    );
    expect(captureLabel({ url: 'https://example.com/', width: '390', height: '844' })).toBe(
      'example.com · PNG · 390×844',
    );
  });
});
