import { useSearchParams } from 'react-router';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { useBestKnownCost } from '../../workspace/costs/measured-costs.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { RequestPanel } from '../../workspace/request/request-panel.tsx';
import { useEndpointRun } from '../../workspace/request/use-endpoint-run.ts';
import { useSetSearchParam } from '../../components/use-set-search-param.ts';
import { AddToDemo } from '../../workspace/demos/add-to-demo.tsx';
import { costLabel } from '../../lib/cost.ts';
import { FilteredVideos, GallerySummary } from './components/gallery-parts.tsx';
import { HtmlAnswer } from './components/html-answer.tsx';
import { PagingBar } from './components/paging-bar.tsx';
import { useGalleryView } from './components/use-gallery-view.ts';
import { usePageTurns } from './components/use-page-turns.ts';
import { useMorePages } from './components/use-more-pages.ts';
import { VideoDialog } from './components/video-dialog.tsx';
import { shortsFileName } from './lib/export.ts';
import { htmlOfAnswer } from './lib/html-answer.ts';
import { loadedPages } from './lib/loaded-pages.ts';
import { startOf } from './lib/paging.ts';
import { filterVideos, mergePages } from './lib/videos.ts';
import { shortsQueries } from './queries.ts';

const SPEC = ENDPOINTS.shorts;

export default function ShortsPage() {
  const request = useEndpointRun(SPEC, shortsQueries.results);
  const { form, run } = request;
  // Pages appended by "Load more": reads of the same endpoint, each sent only on that click,
  // their count in the page URL (a demo step keeps them).
  const more = useMorePages();
  const cost = costLabel(useBestKnownCost('shorts'));
  const view = useGalleryView();
  // The video whose preview is open is the page URL's (`preview`): a link, Back/Forward and a
  // demo step (which keeps the URL) open it again (issue #36, decision 081).
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const openKey = searchParams.get('preview');
  const setOpenKey = (key: string | null) => setViewParam('preview', key);

  const base = request.shown.data;
  const baseParams = request.shown.params;
  const { baseStart, appended, pages, lastPage, after, before, loadingMore, moreError } =
    loadedPages(base, baseParams, more.slots);
  const videos = mergePages(pages);
  const shown = filterVideos(videos, view.filters);
  const html = base && baseParams?.html === 'true' ? htmlOfAnswer(base) : null;
  // The detail steps through the videos on screen, filters applied.
  const openIndex = openKey === null ? -1 : shown.findIndex((v) => v.key === openKey);
  const openItem = shown[openIndex];

  const goToPage = usePageTurns(SPEC, form, run, baseParams);
  const loadMore = () => {
    if (!baseParams || after === null || loadingMore) return;
    const list = [...appended.map((s) => s.params)];
    if (!list.some((p) => startOf(p) === after)) list.push({ ...baseParams, start: String(after) });
    more.load(list);
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
            <GallerySummary
              videos={videos}
              shownCount={shown.length}
              pageCount={pages.length}
              baseStart={baseStart}
              exportParams={exportParams}
            />
            {videos.length > 0 && (
              <FilteredVideos videos={videos} shown={shown} view={view} onOpen={setOpenKey} />
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
          // The dialog is modal: the result bar's "Add this result" is out of reach under it,
          // and a step added from here keeps the preview open.
          addToDemo={
            base &&
            baseParams &&
            !request.shown.earlier && (
              <AddToDemo endpoint={SPEC.id} params={baseParams} data={base} />
            )
          }
        />
      )}
    </div>
  );
}
