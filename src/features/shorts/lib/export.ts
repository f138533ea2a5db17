import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import { fileDate, fileSlug } from '../../../lib/download.ts';
import type { GalleryVideo } from './videos.ts';
import type { ParamValues } from '../../../api/params.ts';

const COLUMNS = [
  'position',
  'title',
  'source',
  'account_name',
  'date',
  'link',
  'thumbnail',
  'gif_url',
  'page_start',
] as const;
/** `source_logo` is a base64 image: useless in a spreadsheet and large, so CSV leaves it out. */
const KNOWN = new Set<string>([...COLUMNS, 'source_logo']);

function cellOf(value: unknown): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/** The loaded videos as CSV, one row each in gallery order; fields the interface does not name become extra columns. */
export function videosToCsv(videos: readonly GalleryVideo[]): string {
  const extras = [
    ...new Set(videos.flatMap(({ video }) => Object.keys(video).filter((k) => !KNOWN.has(k)))),
  ].sort();
  const rows = videos.map(({ video, page }, i) => [
    i + 1,
    video.title,
    video.source,
    video.account_name,
    video.date,
    video.link,
    video.thumbnail,
    video.gif_url,
    page,
    ...extras.map((k) => cellOf((video as Record<string, unknown>)[k])),
  ]);
  return toCsv([...COLUMNS, ...extras], rows);
}

/** The loaded videos as the service sent them (logos included), with the request that found them. */
export function videosToJson(videos: readonly GalleryVideo[], params: ParamValues): string {
  return JSON.stringify(
    { search_parameters: params, short_videos_results: videos.map((v) => v.raw) },
    null,
    2,
  );
}

export function shortsFileName(
  params: ParamValues,
  ext: 'csv' | 'json' | 'html',
  now?: Date,
): string {
  const parts = [fileSlug(params.query ?? ''), params.country, params.language]
    .filter((p): p is string => Boolean(p))
    .map(fileSlug);
  return `shorts_${parts.join('_')}_${fileDate(now)}.${ext}`;
}
