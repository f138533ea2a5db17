import { sameParams, type Params } from '../../../api/params.ts';
import type { JsonResult } from '../../../api/requests.ts';
import type { ShortsResponse } from '../../../api/schemas.ts';
import { nextStart, previousStart, startOf } from './paging.ts';
import { rawVideos, type LoadedPage } from './videos.ts';

/** Same request but for `start`: an appended page belongs to the first one on screen. */
function samePagedRequest(a: Params, b: Params): boolean {
  const { start: _a, ...restA } = a;
  const { start: _b, ...restB } = b;
  return sameParams(restA, restB);
}

/** A run of one page ("Load more"), as useEndpointRuns keeps it. */
interface PageSlot {
  params: Params;
  data?: JsonResult<ShortsResponse> | undefined;
  isRunning: boolean;
  error: Error | null;
}

/**
 * The appended pages that continue the page on screen without a gap: each starts where the
 * one before ended. A page still running or failed ends the chain (for now); pages loaded
 * for another first page (before Next or Previous) are left out.
 */
function chainedPages<S extends PageSlot>(
  base: JsonResult<ShortsResponse>,
  baseParams: Params,
  slots: readonly S[],
): S[] {
  const chain: S[] = [];
  let expected = nextStart(startOf(baseParams), base.data.short_videos_results.length);
  for (;;) {
    const slot = slots.find(
      (s) => samePagedRequest(s.params, baseParams) && startOf(s.params) === expected,
    );
    if (!slot || expected === null) return chain;
    chain.push(slot);
    if (!slot.data) return chain;
    expected = nextStart(expected, slot.data.data.short_videos_results.length);
  }
}

/**
 * The pages on screen: the answer shown (`base`, from `baseParams`) and the appended pages
 * that continue it, where the pages before and after begin, and how loading more stands.
 */
export function loadedPages<S extends PageSlot>(
  base: JsonResult<ShortsResponse> | undefined,
  baseParams: Params | null,
  slots: readonly S[],
) {
  const baseStart = startOf(baseParams ?? {});
  const appended = base && baseParams ? chainedPages(base, baseParams, slots) : [];
  const pages: LoadedPage[] = [];
  if (base)
    pages.push({
      start: baseStart,
      videos: base.data.short_videos_results,
      raw: rawVideos(base.raw),
    });
  for (const slot of appended) {
    if (slot.data)
      pages.push({
        start: startOf(slot.params),
        videos: slot.data.data.short_videos_results,
        raw: rawVideos(slot.data.raw),
      });
  }
  const lastPage = pages.at(-1);
  return {
    baseStart,
    appended,
    pages,
    lastPage,
    /** Where the page after the last one loaded begins; null at the end. */
    after: lastPage ? nextStart(lastPage.start, lastPage.videos.length) : null,
    before: base ? previousStart(baseStart, base.data.short_videos_results.length) : null,
    loadingMore: appended.some((s) => s.isRunning),
    moreError: appended.find((s) => s.error)?.error ?? null,
  };
}
