import type { Params } from '../../../api/params.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { shortsFileName, videosToCsv, videosToJson } from '../lib/export.ts';
import type { GalleryVideo } from '../lib/videos.ts';
import { GalleryToolbar } from './gallery-toolbar.tsx';
import { SourceCounts } from './source-counts.tsx';
import type { GalleryView } from './use-gallery-view.ts';
import { VideoGrid } from './video-grid.tsx';

/** What is loaded (or why nothing is) and the exports of the loaded videos. */
export function GallerySummary({
  videos,
  shownCount,
  pageCount,
  baseStart,
  exportParams,
}: {
  videos: readonly GalleryVideo[];
  /** How many of them match the filters. */
  shownCount: number;
  pageCount: number;
  /** Where the first page on screen starts. */
  baseStart: number;
  exportParams: Params;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p data-testid="gallery-summary" className="text-sm">
        {videos.length === 0
          ? baseStart > 0
            ? `No videos from start=${baseStart}: that is past the end of the results.`
            : 'No short videos for this query. Try other words, or another country or language.'
          : `${videos.length} videos loaded from ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}` +
            (shownCount !== videos.length ? ` · ${shownCount} match the filters` : '')}
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
  );
}

/** The loaded videos per source, the filters and layout, and the videos that match them. */
export function FilteredVideos({
  videos,
  shown,
  view,
  onOpen,
}: {
  videos: readonly GalleryVideo[];
  shown: readonly GalleryVideo[];
  view: GalleryView;
  onOpen: (key: string) => void;
}) {
  return (
    <>
      <SourceCounts
        videos={videos}
        selected={view.filters.source}
        onSelect={(s) => view.setFilter('source', s)}
      />
      <GalleryToolbar
        videos={videos}
        filters={view.filters}
        onFilter={view.setFilter}
        layout={view.layout}
        onLayout={view.setLayout}
      />
      {shown.length > 0 ? (
        <VideoGrid videos={shown} layout={view.layout} onOpen={onOpen} />
      ) : (
        <p
          role="status"
          className="rounded border border-slate-200 p-3 text-sm dark:border-slate-700"
        >
          No loaded video matches these filters.{' '}
          <button type="button" className="btn-link" onClick={view.clearFilters}>
            Clear the filters
          </button>
        </p>
      )}
    </>
  );
}
