import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  captureSize,
  renderScreenshot,
  screenshotLatencyMs,
  type ScreenshotRequest,
} from './screenshot.ts';

const base: ScreenshotRequest = {
  url: 'https://example.com/pricing',
  width: 640,
  height: 400,
  fullPage: false,
  format: 'png',
  quality: 80,
  waitUntil: 'domcontentloaded',
};

describe('the sandbox screenshot renderer', () => {
  test.each([
    ['png', 'png'],
    ['jpg', 'jpeg'],
    ['webp', 'webp'],
  ] as const)('%s bytes decode to an image of the requested size', async (format, decoded) => {
    const bytes = await renderScreenshot({ ...base, format, width: 390, height: 844 });
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe(decoded);
    expect([meta.width, meta.height]).toEqual([390, 844]);
  });

  test.each(['jpg', 'webp'] as const)('a lower %s quality makes a smaller file', async (format) => {
    const high = await renderScreenshot({ ...base, format, quality: 95 });
    const low = await renderScreenshot({ ...base, format, quality: 20 });
    expect(low.byteLength).toBeLessThan(high.byteLength * 0.8);
  });

  test('quality 0 is accepted and gives the smallest file', async () => {
    const zero = await renderScreenshot({ ...base, format: 'jpg', quality: 0 });
    const twenty = await renderScreenshot({ ...base, format: 'jpg', quality: 20 });
    expect((await sharp(zero).metadata()).width).toBe(640);
    expect(zero.byteLength).toBeLessThanOrEqual(twenty.byteLength);
  });

  test('a full-page capture is as wide as the viewport and taller than it', async () => {
    const bytes = await renderScreenshot({ ...base, fullPage: true });
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(captureSize({ ...base, fullPage: true }).height);
    expect(meta.height).toBeGreaterThan(400 * 2);
  });

  test('the same request renders the same bytes, another host other bytes', async () => {
    const a = await renderScreenshot(base);
    expect((await renderScreenshot(base)).equals(a)).toBe(true);
    expect((await renderScreenshot({ ...base, url: 'https://other.example/' })).equals(a)).toBe(
      false,
    );
  });

  test('a target URL can ask for a very tall page (the 1280×20000 demo)', async () => {
    const req = {
      ...base,
      url: 'https://long.example/?sandbox_page_height=20000',
      width: 1280,
      height: 800,
      fullPage: true,
    };
    expect(captureSize(req).height).toBe(20000);
    const meta = await sharp(await renderScreenshot(req), { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 20000]);
  });

  test('a WebP taller than the format allows is scaled down to 16383 px', async () => {
    const req = { ...base, url: 'https://long.example/?sandbox_page_height=20000', width: 1280 };
    const bytes = await renderScreenshot({ ...req, fullPage: true, format: 'webp' });
    const meta = await sharp(bytes).metadata();
    expect(meta.height).toBe(16383);
    expect(meta.width).toBe(Math.round(1280 * (16383 / 20000)));
  });

  test('what is captured depends on wait_until: late images and widgets need load or networkidle', async () => {
    const pixel = async (waitUntil: string, left: number, top: number) => {
      const bytes = await renderScreenshot({ ...base, height: 800, waitUntil });
      return [
        ...(await sharp(bytes)
          .extract({ left, top, width: 1, height: 1 })
          .removeAlpha()
          .raw()
          .toBuffer()),
      ];
    };
    // The middle of the first image placeholder, and of the late chat widget.
    const image = [488, 564] as const;
    const chat = [640 - 228 + 160, 800 - 76 + 28] as const;
    expect(await pixel('domcontentloaded', ...image)).toEqual([241, 245, 249]);
    expect(await pixel('load', ...image)).not.toEqual([241, 245, 249]);
    expect(await pixel('networkidle', ...chat)).not.toEqual(await pixel('load', ...chat));
  });

  test('networkidle waits longest and domcontentloaded shortest; no latency stays none', () => {
    const [dom, load, idle] = ['domcontentloaded', 'load', 'networkidle'].map((w) =>
      screenshotLatencyMs(250, w),
    );
    expect(dom).toBeLessThan(load!);
    expect(load).toBeLessThan(idle!);
    expect(screenshotLatencyMs(0, 'networkidle')).toBe(0);
  });
});
