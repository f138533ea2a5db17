import { useMutationState } from '@tanstack/react-query';
import { endpointMutationKey, type Params } from '../../api/endpoint-query.ts';
import type { EndpointResult } from '../../api/requests.ts';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointAction } from '../../components/use-endpoint-action.ts';

/** Every successful submission of this session, newest first, as state that re-renders. */
function useSubmittedJobs() {
  return useMutationState({
    filters: { mutationKey: endpointMutationKey('webhook'), status: 'success' },
    select: (mutation) => ({
      id: mutation.mutationId,
      sid: (mutation.state.data as EndpointResult<'webhook'> | undefined)?.data.sid,
      params: (mutation.state.variables ?? {}) as Params,
      at: mutation.state.submittedAt,
    }),
  }).reverse();
}

export default function WebhookPage() {
  const run = useEndpointAction('webhook');
  const jobs = useSubmittedJobs();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Webhook jobs</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The service scrapes the page and later POSTs the result to the webhook configured on its own
        dashboard under this name (empty: the default webhook). The submission answers with a job id
        at once. Each submission creates a new job.
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
            Submitted in this session ({jobs.length})
          </h2>
          <ul className="text-sm" aria-label="Submitted jobs">
            {jobs.map((job) => (
              <li key={job.id}>
                <code>{job.sid ?? '(no id returned)'}</code> · {job.params.url} ·{' '}
                {job.params.webhook_id || 'default webhook'} ·{' '}
                {new Date(job.at).toLocaleTimeString()}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
