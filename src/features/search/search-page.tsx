import { ENDPOINTS } from '../../api/endpoints.ts';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { searchQueries } from './queries.ts';
import { ResultCard } from './components/result-card.tsx';

export default function SearchPage() {
  const run = useEndpointRun(ENDPOINTS.search, searchQueries.results);
  const results = run.data?.data.organic_results;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Search</h1>
      <RequestPanel run={run} raw={run.data?.raw}>
        {results && results.length === 0 && (
          <p role="status" className="rounded border border-slate-200 p-3 dark:border-slate-700">
            No organic results for this query. Try other words or another country.
          </p>
        )}
        {results && results.length > 0 && (
          <ol aria-label="Organic results" className="space-y-3">
            {results.map((r, i) => (
              <ResultCard key={`${r.link ?? ''}-${i}`} result={r} />
            ))}
          </ol>
        )}
      </RequestPanel>
    </div>
  );
}
