import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ENDPOINTS } from '../../api/endpoints.ts';
import type { ShortsResponse } from '../../api/schemas.ts';
import { useBestKnownCost } from '../../workspace/costs/measured-costs.ts';
import { pickParams, type Params, sameParams } from '../../api/params.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { RequestPanel } from '../../workspace/request/request-panel.tsx';
import { useEndpointRun } from '../../workspace/request/use-endpoint-run.ts';
import { useEndpointRuns } from '../../components/use-endpoint-runs.ts';
import { useSetSearchParam } from '../../components/use-set-search-param.ts';
import { costLabel } from '../../lib/cost.ts';
import { GalleryToolbar } from './components/gallery-toolbar.tsx';
import { HtmlAnswer } from './components/html-answer.tsx';
import { PagingBar } from './components/paging-bar.tsx';
import { SourceCounts } from './components/source-counts.tsx';
import type { GalleryLayout } from './components/video-card.tsx';
import { VideoDialog } from './components/video-dialog.tsx';
import { VideoGrid } from './components/video-grid.tsx';
import { shortsFileName, videosToCsv, videosToJson } from './lib/export.ts';
import { htmlOfAnswer } from './lib/html-answer.ts';
import { nextStart, previousStart, startOf } from './lib/paging.ts';
import {
  filterVideos,
  mergePages,
  rawVideos,
  type GalleryFilters,
  type LoadedPage,
} from './lib/videos.ts';
import { shortsQueries } from './queries.ts';

const SPEC = ENDPOINTS.shorts;
/** View settings in the page URL beside the request's own parameters. */
const FILTER_PARAMS: Record<keyof GalleryFilters, string> = {
  source: 'source',
  account: 'account',
  text: 'title',
};

/** Same request but for `start`: an appended page belongs to the first one on screen. */
function samePagedRequest(a: Params, b: Params): boolean {
  const { start: _a, ...restA } = a;
  const { start: _b, ...restB } = b;
  return sameParams(restA, restB);
}

/**
 * The appended pages that continue the page on screen without a gap: each starts where the
 * one before ended. A page still running or failed ends the chain (for now); pages loaded
 * for another first page (before Next or Previous) are left out.
 */
function chainedPages<S extends { params: Params; data?: { data: ShortsResponse } }>(
  base: { data: ShortsResponse },
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

export default function ShortsPage() {
  const request = useEndpointRun(SPEC, shortsQueries.results);
  const { form, run } = request;
  // Pages appended by "Load more": reads of the same endpoint, each sent only on that click.
  const more = useEndpointRuns(SPEC, shortsQueries.results);
  const cost = costLabel(useBestKnownCost('shorts'));
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const [openKey, setOpenKey] = useState<string | null>(null);

  const layout: GalleryLayout = searchParams.get('layout') === 'list' ? 'list' : 'grid';
  const filters: GalleryFilters = {
    source: searchParams.get(FILTER_PARAMS.source) ?? '',
    account: searchParams.get(FILTER_PARAMS.account) ?? '',
    text: searchParams.get(FILTER_PARAMS.text) ?? '',
  };

  const base = request.shown.data;
  const baseParams = request.shown.params;
  const baseStart = startOf(baseParams ?? {});
  const appended =
    base && baseParams ? chainedPages(base, baseParams, more.slots) : ([] as typeof more.slots);
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
  const videos = mergePages(pages);
  const shown = filterVideos(videos, filters);
  const lastPage = pages.at(-1);
  const after = lastPage ? nextStart(lastPage.start, lastPage.videos.length) : null;
  const before = base ? previousStart(baseStart, base.data.short_videos_results.length) : null;
  const loadingMore = appended.some((s) => s.isRunning);
  const moreError = appended.find((s) => s.error)?.error ?? null;
  const html = base && baseParams?.html === 'true' ? htmlOfAnswer(base) : null;
  // The detail steps through the videos on screen, filters applied.
  const openIndex = openKey === null ? -1 : shown.findIndex((v) => v.key === openKey);
  const openItem = shown[openIndex];

  // Next / Previous page put `start` in the form (and the page URL), then run it once
  // the form shows it: the request is the one the URL describes.
  const pendingRef = useRef<Params | null>(null);
  const { values } = form;
  const runForm = run.start;
  useEffect(() => {
    const wanted = pendingRef.current;
    if (wanted && sameParams(pickParams(SPEC, values), wanted)) {
      pendingRef.current = null;
      runForm();
    }
  }, [values, runForm]);
  const goToPage = (start: number) => {
    if (!baseParams || run.isRunning) return;
    const patch: Params = Object.fromEntries(SPEC.params.map((p) => [p.name, '']));
    Object.assign(patch, baseParams, { start: start > 0 ? String(start) : '' });
    pendingRef.current = pickParams(SPEC, patch);
    if (sameParams(pickParams(SPEC, values), pendingRef.current)) {
      pendingRef.current = null;
      runForm();
    } else form.setValues(patch);
  };

  const loadMore = () => {
    if (!baseParams || after === null || loadingMore) return;
    const list = [...appended.map((s) => s.params)];
    if (!list.some((p) => startOf(p) === after)) list.push({ ...baseParams, start: String(after) });
    more.run(list);
  };

  const exportParams = baseParams ?? {};
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Short videos</h1>
      {/*
       * A page of 10 videos is taller than a screen at any width: the stage keeps a screen's
       * height from the first paint, so the progress and then the gallery fill it instead of
       * pushing the inspector below down while it is on screen (a layout shift).
       */}
      <RequestPanel request={request} raw={base?.raw} stageClassName="min-h-svh">
        {html !== null && (
          <HtmlAnswer
            html={html}
            query={baseParams?.query ?? ''}
            fileName={shortsFileName(exportParams, 'html')}
          />
        )}
        {base && (videos.length > 0 || html === null) && (
          <section aria-label="Short video results" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p data-testid="gallery-summary" className="text-sm">
                {videos.length === 0
                  ? baseStart > 0
                    ? `No videos from start=${baseStart}: that is past the end of the results.`
                    : 'No short videos for this query. Try other words, or another country or language.'
                  : `${videos.length} videos loaded from ${pages.length} ${pages.length === 1 ? 'page' : 'pages'}` +
                    (shown.length !== videos.length ? ` · ${shown.length} match the filters` : '')}
              </p>
              {videos.length > 0 && (
                <ExportButtons
                  label="Export loaded videos"
                  files={[
                    {
                      label: 'Export CSV',
                      name: shortsFileName(exportParams, 'csv'),
                      type: 'text/csv;charset=utf-8',
                      text: () => videosToCsv(videos),
                    },
                    {
                      label: 'Export JSON',
                      name: shortsFileName(exportParams, 'json'),
                      type: 'application/json',
                      text: () => videosToJson(videos, exportParams),
                    },
                  ]}
                />
              )}
            </div>
            {videos.length > 0 && (
              <>
                <SourceCounts
                  videos={videos}
                  selected={filters.source}
                  onSelect={(s) => setViewParam(FILTER_PARAMS.source, s)}
                />
                <GalleryToolbar
                  videos={videos}
                  filters={filters}
                  onFilter={(name, value) => setViewParam(FILTER_PARAMS[name], value)}
                  layout={layout}
                  onLayout={(l) => setViewParam('layout', l === 'grid' ? null : l)}
                />
                {shown.length > 0 ? (
                  <VideoGrid videos={shown} layout={layout} onOpen={setOpenKey} />
                ) : (
                  <p
                    role="status"
                    className="rounded border border-slate-200 p-3 text-sm dark:border-slate-700"
                  >
                    No loaded video matches these filters.{' '}
                    <button
                      type="button"
                      className="btn-link"
                      onClick={() =>
                        Object.values(FILTER_PARAMS).forEach((name) => setViewParam(name, null))
                      }
                    >
                      Clear the filters
                    </button>
                  </p>
                )}
              </>
            )}
            <PagingBar
              cost={cost}
              onPrevious={before === null ? null : () => goToPage(before)}
              onNext={after === null ? null : () => goToPage(after)}
              onLoadMore={after === null || videos.length === 0 ? null : loadMore}
              busy={run.isRunning || loadingMore}
              loadingMore={loadingMore}
              atEnd={lastPage !== undefined && lastPage.videos.length === 0 && pages.length > 1}
            />
            {moreError !== null && !loadingMore && (
              <ErrorPanel
                error={moreError}
                onRetry={loadMore}
                retryLabel={`Try loading more again · ${cost}`}
              />
            )}
          </section>
        )}
      </RequestPanel>
      {openItem && (
        <VideoDialog
          item={openItem}
          position={{ index: openIndex + 1, total: shown.length }}
          onStep={(delta) => setOpenKey(shown[openIndex + delta]?.key ?? openKey)}
          onClose={() => setOpenKey(null)}
        />
      )}
    </div>
  );
}
