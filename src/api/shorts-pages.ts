import type { JsonResult } from './requests.ts';
import type { ShortsResponse } from './schemas.ts';

/**
 * Shorts' paging with `start` (results to skip): the next page starts after the results this
 * one had. Here, not in the shorts feature, because a demo step (workspace) records the pages
 * "Load more" appended as the view does (features/shorts/lib/paging.ts re-exports it).
 */
export function startOf(params: Readonly<Record<string, string | undefined>>): number {
  const n = Number(params.start ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Where the page after one starting at `start` with `count` results begins; null at the end. */
export function nextStart(start: number, count: number): number | null {
  return count > 0 ? start + count : null;
}

/** The page URL's count of pages "Load more" appended (`more`): a demo step keeps it. */
export const MORE_PARAM = 'more';

/**
 * The pages "Load more" appended after the request `base`, as far as `countOf` knows them
 * (a page's answer held in the cache; undefined: not held) and at most `pages`: each starts
 * where the one before ended (as the shorts view chains them). A demo step records their answers
 * and plays them back from them (issue #36).
 */
export function continuedPages(
  base: Readonly<Record<string, string>>,
  pages: number,
  countOf: (params: Record<string, string>) => number | undefined,
): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  let start: number | null = startOf(base);
  let count = countOf(base);
  while (out.length < pages && count !== undefined && start !== null) {
    start = nextStart(start, count);
    if (start === null) break;
    const page = { ...base, start: String(start) };
    count = countOf(page);
    if (count === undefined) break;
    out.push(page);
  }
  return out;
}

/** How many videos a shorts answer holds; undefined without one. */
export const videoCount = (answer: JsonResult<ShortsResponse> | undefined): number | undefined =>
  answer?.data.short_videos_results.length;
