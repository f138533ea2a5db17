import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { createSandbox } from '../app.ts';
import { allShortVideos, SHORTS_PAGE_SIZE, shortVideos } from './shorts.ts';

const BASE = 'http://s.test/_sandbox/shorts';

function get(path: string) {
  const { app } = createSandbox({ latencyMs: 0 });
  return app.fetch(new Request(`http://s.test${path}`));
}

describe('sandbox short videos', () => {
  test('pages through a finite result set, 10 a page, then an empty page', () => {
    const all = allShortVideos({ query: 'cats' }, BASE);
    expect(all.length).toBeGreaterThanOrEqual(110);
    expect(shortVideos({ query: 'cats' }, BASE)).toHaveLength(SHORTS_PAGE_SIZE);
    expect(shortVideos({ query: 'cats', start: '10' }, BASE)).toEqual(all.slice(10, 20));
    expect(shortVideos({ query: 'cats', start: String(all.length) }, BASE)).toEqual([]);
  });

  test('a page after the first opens with the last video of the page before', () => {
    const first = shortVideos({ query: 'cats' }, BASE);
    const second = shortVideos({ query: 'cats', start: '10' }, BASE);
    expect(second[0]).toEqual(first.at(-1));
    expect(new Set(second.slice(1).map((v) => v.link)).has(first[0]!.link)).toBe(false);
  });

  test('country, language and SafeSearch change the results', () => {
    const links = (p: Record<string, string>) =>
      shortVideos({ query: 'cats', ...p }, BASE).map((v) => v.link);
    const base = links({});
    expect(links({ country: 'gb' })).not.toEqual(base);
    expect(links({ language: 'de' })).not.toEqual(base);
    expect(shortVideos({ query: 'cats', language: 'de' }, BASE)[0]?.title).toMatch(
      /Sekunden|sagt|getestet/,
    );
    expect(allShortVideos({ query: 'cats', safe: 'active' }, BASE)).not.toEqual(
      allShortVideos({ query: 'cats' }, BASE),
    );
  });

  test('dates read <Month> <day>, <year> and logos are base64 image data URIs', () => {
    for (const v of allShortVideos({ query: 'tea' }, BASE)) {
      expect(v.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(v.source_logo).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  test('html=true answers an HTML page with a script in it', async () => {
    const res = await get('/engine_shorts?query=cats&html=true&api_key=demo-key');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toMatch(/^<!doctype html>/);
    expect(body).toContain('<script>');
    expect(body).toContain('Short videos for “cats”');
  });

  test('serves a still JPEG and an animated GIF per result, and 404 for an expired one', async () => {
    const [first] = shortVideos({ query: 'cats' }, BASE);
    const id = /\/(\d+)\.gif$/.exec(first!.gif_url)?.[1];
    const still = await get(`/_sandbox/shorts/${id}.jpg`);
    expect(still.headers.get('content-type')).toBe('image/jpeg');
    const stillMeta = await sharp(Buffer.from(await still.arrayBuffer())).metadata();
    expect([stillMeta.width, stillMeta.height]).toEqual([180, 320]);
    const gif = await get(`/_sandbox/shorts/${id}.gif`);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    const gifMeta = await sharp(Buffer.from(await gif.arrayBuffer()), {
      animated: true,
    }).metadata();
    expect(gifMeta.pages).toBeGreaterThan(1);
    expect((await get(`/_sandbox/shorts/${id}-expired.jpg`)).status).toBe(404);
  });
});
