import { describe, expect, test } from 'vitest';
import { sandboxControl } from '../../test/sandbox-server.ts';
import { extensionForMediaType, isRasterImageType } from './endpoints.ts';
import { requestEndpoint } from './requests.ts';

const KEY = 'demo-key';
const shot = () => requestEndpoint('screenshot', { url: 'https://example.com/' }, { apiKey: KEY });

describe('what an image endpoint answers', () => {
  test('only raster types are images: PNG, JPEG, WebP and GIF, never SVG', () => {
    for (const type of ['image/png', 'image/jpeg; charset=binary', 'image/webp', 'IMAGE/GIF'])
      expect(isRasterImageType(type)).toBe(true);
    for (const type of ['image/svg+xml', 'image/tiff', 'text/html', ''])
      expect(isRasterImageType(type)).toBe(false);
    expect(extensionForMediaType('image/gif')).toBe('gif');
    expect(extensionForMediaType('image/svg+xml')).toBeUndefined();
  });

  test('an SVG answer is not a screenshot: only a text excerpt of it is kept', async () => {
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    const res = await shot();
    expect(res).toMatchObject({ kind: 'other', contentType: 'image/svg+xml' });
    expect(res.kind === 'other' && res.excerpt).toContain('<script>alert(1)</script>');
    expect(res).not.toHaveProperty('blob');
  });

  test('JSON in place of image bytes is kept as JSON', async () => {
    await sandboxControl.fault({
      kind: 'status',
      status: 200,
      contentType: 'application/json',
      body: '{"status":"done","width":1280}',
    });
    expect(await shot()).toMatchObject({ kind: 'json', raw: { status: 'done', width: 1280 } });
  });
});

describe('an HTML answer where the catalogue allows one', () => {
  test('shorts with html=true resolve with the HTML page and empty results', async () => {
    const res = await requestEndpoint('shorts', { query: 'cats', html: 'true' }, { apiKey: KEY });
    expect(res.html).toMatch(/^<!doctype html>/);
    expect(res.html).toContain('<script>');
    expect(res.data.short_videos_results).toEqual([]);
    expect(res.meta).toMatchObject({ status: 200, contentType: 'text/html' });
    expect(res.meta.maskedUrl).toBe('/api/engine_shorts?query=cats&html=true&api_key=•••');
  });

  test('without html=true a body that is not JSON is still an invalid response', async () => {
    await sandboxControl.fault({ kind: 'malformed', endpoint: 'shorts' });
    await expect(
      requestEndpoint('shorts', { query: 'cats' }, { apiKey: KEY }),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});
