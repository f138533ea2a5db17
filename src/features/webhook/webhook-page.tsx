import { useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { webhookQueries } from './queries.ts';

export default function WebhookPage() {
  const run = useEndpointRun(ENDPOINTS.webhook, webhookQueries.results);
  const queryClient = useQueryClient();
  const jobs = queryClient
    .getQueryCache()
    .findAll({ queryKey: webhookQueries.all })
    .filter((q) => q.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Webhook jobs</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The service scrapes the page and later POSTs the result to the webhook configured on its own
        dashboard under this name (empty: the default webhook). The submission answers with a job id
        at once.
      </p>
      <RequestPanel run={run} raw={run.data?.raw}>
        {run.data && (
          <p
            role="status"
            className="rounded border border-emerald-300 bg-emerald-50 p-3 dark:bg-emerald-950/40"
          >
            Job submitted:{' '}
            <code data-testid="job-sid">{run.data.data.sid ?? '(no id returned)'}</code>
          </p>
        )}
      </RequestPanel>
      {jobs.length > 0 && (
        <section aria-labelledby="jobs-heading">
          <h2 id="jobs-heading" className="font-semibold">
            Submitted in this session
          </h2>
          <ul className="text-sm">
            {jobs.map((q) => {
              const data = q.state.data as { data: { sid?: string } };
              const params = (q.queryKey[2] ?? {}) as Record<string, string>;
              return (
                <li key={q.queryHash}>
                  <code>{data.data.sid}</code> · {params.url} ·{' '}
                  {params.webhook_id || 'default webhook'} ·{' '}
                  {new Date(q.state.dataUpdatedAt).toLocaleTimeString()}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
