import { describe, expect, test } from 'vitest';
import type { ShortVideo } from '../../../api/schemas.ts';
import { countBy, filterVideos, mergePages, NO_FILTERS, rawVideos, videoKey } from './videos.ts';

const v = (title: string, extra: Partial<ShortVideo> = {}): ShortVideo => ({
  title,
  source: 'TikTok',
  account_name: 'a',
  link: `https://t.example/${title}`,
  ...extra,
});

describe('gallery videos', () => {
  test('a video is known by its link, else its preview or thumbnail, else title, account and date', () => {
    expect(videoKey(v('x'))).toBe('https://t.example/x');
    expect(videoKey({ title: 'x', gif_url: 'g' })).toBe('g');
    expect(videoKey({ title: 'x', account_name: 'a' })).not.toBe(
      videoKey({ title: 'x', account_name: 'b' }),
    );
  });

  test('merged pages keep each video once, where it first appeared', () => {
    const merged = mergePages([
      { start: 0, videos: [v('a'), v('b')], raw: [] },
      { start: 2, videos: [v('b'), v('c'), v('c')], raw: [] },
    ]);
    expect(merged.map((m) => [m.video.title, m.page])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 2],
    ]);
  });

  test('filters combine source, account and every word of the title in any case', () => {
    const all = mergePages([
      {
        start: 0,
        videos: [
          v('Cat tricks', { source: 'YouTube' }),
          v('Dog tricks'),
          v('cat naps', { account_name: 'b' }),
        ],
        raw: [],
      },
    ]);
    expect(filterVideos(all, NO_FILTERS)).toHaveLength(3);
    expect(filterVideos(all, { ...NO_FILTERS, text: 'CAT' }).map((m) => m.video.title)).toEqual([
      'Cat tricks',
      'cat naps',
    ]);
    expect(filterVideos(all, { ...NO_FILTERS, text: 'tricks cat' })).toHaveLength(1);
    expect(filterVideos(all, { source: 'TikTok', account: 'b', text: '' })).toHaveLength(1);
    expect(countBy(all, 'source')).toEqual([
      { value: 'TikTok', count: 2 },
      { value: 'YouTube', count: 1 },
    ]);
  });

  test('raw results are the object items of short_videos_results, as the schema keeps them', () => {
    expect(rawVideos({ short_videos_results: [{ a: 1 }, 'x', null, [1], { b: 2 }] })).toEqual([
      { a: 1 },
      { b: 2 },
    ]);
    expect(rawVideos('<html>')).toEqual([]);
  });
});
