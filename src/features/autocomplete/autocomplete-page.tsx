import { ENDPOINTS } from '../../api/endpoints.ts';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { autocompleteQueries } from './queries.ts';

export default function AutocompletePage() {
  const run = useEndpointRun(ENDPOINTS.autocomplete, autocompleteQueries.results);
  const data = run.data?.data;
  const top = Math.max(
    1,
    data?.verbatim_relevance ?? 0,
    ...(data?.suggestions.map((s) => s.relevance ?? 0) ?? []),
  );
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Autocomplete</h1>
      <RequestPanel run={run} raw={run.data?.raw}>
        {data && (
          <section aria-label="Suggestions" className="space-y-2">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Relevance of the query as typed: {data.verbatim_relevance ?? 'not given'}
            </p>
            {data.suggestions.length === 0 ? (
              <p role="status">No suggestions for this query.</p>
            ) : (
              <ol className="space-y-1">
                {data.suggestions.map((s, i) => (
                  <li key={i} className="flex items-center gap-3">
                    <span className="w-64 truncate">{s.value}</span>
                    <span
                      className="h-2 rounded bg-teal-600"
                      style={{ width: `${((s.relevance ?? 0) / top) * 12}rem` }}
                      aria-hidden="true"
                    />
                    <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
                      {s.relevance} · {s.type}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
      </RequestPanel>
    </div>
  );
}
