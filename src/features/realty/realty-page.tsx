import { useDeferredValue, useEffect, useMemo } from 'react';
import { whenIdle } from '../../lib/next-task.ts';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { RequestPanel } from '../../workspace/request/request-panel.tsx';
import { useEndpointRun } from '../../workspace/request/use-endpoint-run.ts';
import { ExampleUrls } from './components/example-urls.tsx';
import { loadListingMap, probeBasemapAhead } from './components/lazy-listing-map.tsx';
import { LazyRealtyResults, loadRealtyResults } from './components/lazy-realty-results.tsx';
import { realtyQueries } from './queries.ts';

/** The realty view. From Run to the drawn listings its work goes in stages: PIPELINE.md. */
export default function RealtyPage() {
  const request = useEndpointRun(ENDPOINTS.realty, realtyQueries.results);
  const { run, shown } = request;

  // The "list" stage: the answer on screen is a deferred value, so the results (list, stats,
  // map box) render in a transition, which React splits into short tasks, not at once in the
  // task the answer arrived in. Its page URL goes with it (the results' key, the exports' names).
  const answer = useMemo(
    () => (shown.data ? { data: shown.data, pageUrl: shown.params?.url } : undefined),
    [shown.data, shown.params?.url],
  );
  const drawn = useDeferredValue(answer);
  const listings = drawn?.data.data.realty_listings;
  const drawing = answer !== undefined && drawn !== answer;
  // The "ahead" stage: the results' and the map's code load once the empty view is idle, while
  // the reader fills in the form (evaluating Leaflet is a long task on a phone, which would
  // otherwise fall between Run and the listings). A run started sooner loads them at once; a
  // run also learns whether map tiles load while its request travels.
  const resultsNeeded = run.isRunning || shown.data !== undefined;
  useEffect(() => {
    const load = () => {
      void loadRealtyResults();
      void loadListingMap();
    };
    if (!resultsNeeded) return whenIdle(load);
    load();
    void probeBasemapAhead();
    return undefined;
  }, [resultsNeeded]);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Realty map</h1>
      {/*
       * The stage is about as tall as the map and the list: the progress and then the results
       * take its place instead of pushing the page below them down, and the page below never
       * rises and drops again while they paint in steps (list, then map).
       */}
      <RequestPanel
        request={request}
        raw={shown.data?.raw}
        stageClassName="min-h-[640px] lg:min-h-[760px]"
      >
        {drawing && !run.isRunning && !listings && (
          <p role="status" className="rounded border border-slate-200 p-3 dark:border-slate-700">
            Drawing the listings…
          </p>
        )}
        {listings && listings.length > 0 && (
          <LazyRealtyResults
            key={drawn?.pageUrl ?? ''}
            listings={listings}
            pageUrl={drawn?.pageUrl}
            totalResultCount={drawn?.data.data['totalResultCount']}
          />
        )}
        {!run.isRunning && !answer && !drawn && (
          <section
            aria-label="About this view"
            className="space-y-3 rounded border border-dashed border-slate-300 p-4 dark:border-slate-600"
          >
            <p>
              Paste the URL of a listing-search page and press <strong>Fetch listings</strong>. The
              listings appear on a map, in a sortable list with filters and price stats, and can be
              downloaded as CSV, JSON or GeoJSON. Listings without coordinates are kept and listed
              separately.
            </p>
            <ExampleUrls onPick={(url) => request.form.setValue('url', url)} />
          </section>
        )}
        {listings && listings.length === 0 && (
          <p role="status" className="rounded border border-slate-200 p-3 dark:border-slate-700">
            No listings on this page. Check that the URL is a listing-search page with results, or
            try a wider area.
          </p>
        )}
      </RequestPanel>
    </div>
  );
}
