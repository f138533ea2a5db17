import { useState } from 'react';
import { ENDPOINTS } from '../../api/endpoints.ts';
import type { JsonResult } from '../../api/requests.ts';
import type { RealtyResponse } from '../../api/schemas.ts';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { ExampleUrls } from './components/example-urls.tsx';
import { RealtyResults } from './components/realty-results.tsx';
import { realtyQueries } from './queries.ts';

interface Shown {
  result: JsonResult<RealtyResponse>;
  url: string | undefined;
}

export default function RealtyPage() {
  const run = useEndpointRun(ENDPOINTS.realty, realtyQueries.results);

  // The last good result stays on screen while a new request runs or after it fails.
  const [shown, setShown] = useState<Shown | null>(null);
  if (run.data && run.data !== shown?.result)
    setShown({ result: run.data, url: run.submitted?.url });
  const listings = shown?.result.data.realty_listings;
  const stale = shown !== null && run.data === undefined;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Realty map</h1>
      <RequestPanel run={run} raw={run.data?.raw}>
        {!shown && (
          <section
            aria-label="About this view"
            className="space-y-3 rounded border border-dashed border-slate-300 p-4 dark:border-slate-600"
          >
            <p>
              Paste the URL of a listing-search page and press <strong>Fetch listings</strong>. The
              listings appear on a map, in a sortable list with filters and price stats, and can be
              downloaded as CSV or GeoJSON. Listings without coordinates are kept and listed
              separately.
            </p>
            <ExampleUrls onPick={(url) => run.setValue('url', url)} />
          </section>
        )}
        {stale && !run.isRunning && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Showing the previous result ({shown.url}).
          </p>
        )}
        {listings && listings.length === 0 && (
          <p role="status" className="rounded border border-slate-200 p-3 dark:border-slate-700">
            No listings on this page. Check that the URL is a listing-search page with results, or
            try a wider area.
          </p>
        )}
        {listings && listings.length > 0 && (
          <RealtyResults
            key={shown.url ?? ''}
            listings={listings}
            raw={shown.result.raw}
            pageUrl={shown.url}
          />
        )}
      </RequestPanel>
    </div>
  );
}
