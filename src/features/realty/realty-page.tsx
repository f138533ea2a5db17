import { ENDPOINTS } from '../../api/endpoints.ts';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { realtyQueries } from './queries.ts';

export default function RealtyPage() {
  const run = useEndpointRun(ENDPOINTS.realty, realtyQueries.results);
  const listings = run.data?.data.realty_listings;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Realty listings</h1>
      <RequestPanel run={run} raw={run.data?.raw}>
        {listings && (
          <section aria-label="Listings" className="space-y-2">
            <p className="text-sm">{listings.length} listings</p>
            <ul className="max-h-96 divide-y divide-slate-200 overflow-auto dark:divide-slate-700">
              {listings.slice(0, 200).map((l, i) => (
                <li key={l.rpid ?? l.id ?? i} className="py-1 text-sm">
                  <span className="font-medium">{String(l.price ?? 'no price')}</span> ·{' '}
                  {l.address ?? 'address unknown'} · {l.statusText}
                </li>
              ))}
            </ul>
          </section>
        )}
      </RequestPanel>
    </div>
  );
}
