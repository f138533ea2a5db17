import { useEffect, type ReactNode } from 'react';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { RequestPanel } from '../../components/request-panel.tsx';
import { RequestProgress } from '../../components/request-progress.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { ExampleUrls } from './components/example-urls.tsx';
import { loadListingMap } from './components/lazy-listing-map.tsx';
import { LazyRealtyResults, loadRealtyResults } from './components/lazy-realty-results.tsx';
import { realtyQueries } from './queries.ts';

/**
 * Where the results are, before there are any and while they paint in steps (list, then
 * map): about as tall as the map and the list, so the progress and then the results take its
 * place instead of pushing the page below them down (a layout shift, seconds after the click,
 * that a reader sees as the page jumping), and the page below never rises and drops again.
 */
function ResultsStage({ children }: { children: ReactNode }) {
  return <div className="min-h-[640px] space-y-3 lg:min-h-[760px]">{children}</div>;
}

export default function RealtyPage() {
  const run = useEndpointRun(ENDPOINTS.realty, realtyQueries.results);

  const listings = run.data?.data.realty_listings;
  const pageUrl = run.dataParams?.url;
  // The results' and the map's code load while the listings travel, not after they arrive.
  const resultsNeeded = run.isRunning || run.data !== undefined;
  useEffect(() => {
    if (!resultsNeeded) return;
    void loadRealtyResults();
    void loadListingMap();
  }, [resultsNeeded]);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Realty map</h1>
      <RequestPanel run={run} raw={run.data?.raw} inlineProgress>
        <ResultsStage>
          {run.isRunning && (
            <RequestProgress label={ENDPOINTS.realty.title} onCancel={run.cancel} />
          )}
          {listings && listings.length > 0 && (
            <LazyRealtyResults
              key={pageUrl ?? ''}
              listings={listings}
              raw={run.data?.raw}
              pageUrl={pageUrl}
            />
          )}
          {!run.isRunning && !run.data && (
            <section
              aria-label="About this view"
              className="space-y-3 rounded border border-dashed border-slate-300 p-4 dark:border-slate-600"
            >
              <p>
                Paste the URL of a listing-search page and press <strong>Fetch listings</strong>.
                The listings appear on a map, in a sortable list with filters and price stats, and
                can be downloaded as CSV, JSON or GeoJSON. Listings without coordinates are kept and
                listed separately.
              </p>
              <ExampleUrls onPick={(url) => run.setValue('url', url)} />
            </section>
          )}
          {listings && listings.length === 0 && (
            <p role="status" className="rounded border border-slate-200 p-3 dark:border-slate-700">
              No listings on this page. Check that the URL is a listing-search page with results, or
              try a wider area.
            </p>
          )}
        </ResultsStage>
      </RequestPanel>
    </div>
  );
}
