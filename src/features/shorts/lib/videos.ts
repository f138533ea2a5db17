import type { ShortVideo } from '../../../api/schemas.ts';
import { isRecord } from '../../../lib/is-record.ts';

/**
 * One video of the gallery: the result as parsed, plus where it came from. `key` names
 * the video across pages (engines repeat a video on the next page), `page` is the
 * `start` of the page that first showed it.
 */
export interface GalleryVideo {
  key: string;
  video: ShortVideo;
  /** The result as the service sent it, for the detail panel's JSON. */
  raw: unknown;
  page: number;
}

/** What identifies a video: its link, else its preview or thumbnail, else its title and account. */
export function videoKey(v: ShortVideo): string {
  return (
    v.link ??
    v.gif_url ??
    v.thumbnail ??
    `${v.title ?? ''}\u0000${v.account_name ?? ''}\u0000${v.date ?? ''}`
  );
}

/**
 * The result objects of an answer as the service sent them, in the order the lenient
 * schema keeps them (it drops items that are not objects), for each video's JSON.
 */
export function rawVideos(raw: unknown): unknown[] {
  if (!isRecord(raw)) return [];
  const list = raw.short_videos_results;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord);
}

export interface LoadedPage {
  start: number;
  videos: readonly ShortVideo[];
  raw: readonly unknown[];
}

/** Pages in order, each video once (where it first appeared). */
export function mergePages(pages: readonly LoadedPage[]): GalleryVideo[] {
  const seen = new Set<string>();
  const out: GalleryVideo[] = [];
  for (const page of pages) {
    page.videos.forEach((video, i) => {
      const key = videoKey(video);
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ key, video, raw: page.raw[i] ?? video, page: page.start });
    });
  }
  return out;
}

export interface GalleryFilters {
  source: string;
  account: string;
  /** Words that must all occur in the title, in any case. */
  text: string;
}

export const NO_FILTERS: GalleryFilters = { source: '', account: '', text: '' };

export function filterVideos(
  videos: readonly GalleryVideo[],
  { source, account, text }: GalleryFilters,
): GalleryVideo[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return videos.filter(({ video: v }) => {
    if (source && (v.source ?? '') !== source) return false;
    if (account && (v.account_name ?? '') !== account) return false;
    const title = (v.title ?? '').toLowerCase();
    return words.every((w) => title.includes(w));
  });
}

/** How many videos each value of a field has, most first (ties by name); missing values are left out. */
export function countBy(
  videos: readonly GalleryVideo[],
  field: 'source' | 'account_name',
): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { video } of videos) {
    const value = video[field];
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}
