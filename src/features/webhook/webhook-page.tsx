import { useMutationState, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { endpointMutationKey } from '../../api/endpoint-query.ts';
import { useBestKnownCost } from '../../workspace/costs/measured-costs.ts';
import { useSandboxMode } from '../../components/use-sandbox-mode.ts';
import type { EndpointResult } from '../../api/requests.ts';
import { RequestPanel } from '../../workspace/request/request-panel.tsx';
import { useEndpointAction } from '../../workspace/request/use-endpoint-action.ts';
import { costLabel } from '../../lib/cost.ts';
import { ConfirmSubmission } from './components/confirm-submission.tsx';
import { DeliveryInbox } from './components/delivery-inbox.tsx';
import { DynamicSwitch } from './components/dynamic-switch.tsx';
import { JobsTable } from './components/jobs-table.tsx';
import { awaitingDelivery, inboxEntries } from './lib/deliveries.ts';
import { rememberJobs, useJobs, type WebhookJob } from './lib/jobs-store.ts';
import type { Params } from '../../api/params.ts';
import { sandboxInboxQueries, type SandboxInbox } from '../../api/sandbox-inbox.ts';

/** How often the sandbox inbox is read while a job waits for its delivery. */
const INBOX_POLL_MS = 1_000;
/** A job not delivered after this long is no longer waited for (e.g. the sandbox was reset). */
const AWAIT_DELIVERY_MS = 5 * 60_000;
const INPUTS = { dynamic: DynamicSwitch };
const EMPTY_INBOX: SandboxInbox = { deliveries: [], notices: [] };

/** Every successful submission of this session, kept in the local jobs list (also when it finished in the background). */
function useRememberSubmissions() {
  const submitted = useMutationState({
    filters: { mutationKey: endpointMutationKey('webhook'), status: 'success' },
    select: (mutation): WebhookJob | null => {
      const sid = (mutation.state.data as EndpointResult<'webhook'> | undefined)?.data.sid;
      const params = (mutation.state.variables ?? {}) as Params;
      if (!sid) return null;
      return {
        sid,
        webhookId: params.webhook_id ?? '',
        url: params.url ?? '',
        dynamic: params.dynamic === 'true',
        submittedAt: mutation.state.submittedAt,
      };
    },
  });
  useEffect(() => {
    rememberJobs(submitted.filter((j): j is WebhookJob => j !== null));
  }, [submitted]);
}

type WebhookAction = ReturnType<typeof useEndpointAction<'webhook'>>;

/**
 * The action as RequestPanel shows it, with Run opening the confirmation (after the form's own
 * checks) instead of sending; only Confirm sends. Its handlers keep their identity while the
 * action's do: the memoised form and inspector then render only when what they show changes,
 * not with every state change of the page (Confirm's render was 200 ms at the reference phone
 * with them in it; issue 41).
 */
function useConfirmFirst(action: WebhookAction, setConfirming: (params: Params | null) => void) {
  const { form, run, attemptSubmit, normalized } = action;
  const { setValue: setFormValue } = form;
  // Editing the form withdraws a pending confirmation: what is confirmed is what is sent.
  const setValue = useCallback(
    (name: string, value: string) => {
      setConfirming(null);
      setFormValue(name, value);
    },
    [setConfirming, setFormValue],
  );
  const { isRunning } = run;
  const start = useCallback(() => {
    if (isRunning || !attemptSubmit()) return false;
    setConfirming({ ...normalized, dynamic: normalized.dynamic === 'true' ? 'true' : 'false' });
    return true;
  }, [isRunning, attemptSubmit, normalized, setConfirming]);
  return { ...action, form: { ...form, setValue }, run: { ...run, start } };
}

export default function WebhookPage() {
  const action = useEndpointAction('webhook');
  const cost = costLabel(useBestKnownCost('webhook'));
  const [confirming, setConfirming] = useState<Params | null>(null);
  useRememberSubmissions();
  const jobs = useJobs();
  const sandbox = useSandboxMode();

  const inbox = useQuery({
    ...sandboxInboxQueries.current(),
    // Read once in sandbox mode (the trackers' notices may be there), polled while a job waits.
    enabled: sandbox,
    refetchInterval: (query) => {
      const seen = query.state.data?.deliveries ?? [];
      const since = (query.state.dataUpdatedAt || 0) - AWAIT_DELIVERY_MS;
      return awaitingDelivery(jobs, seen).some((j) => j.submittedAt >= since)
        ? INBOX_POLL_MS
        : false;
    },
  });
  const deliveries = useMemo(() => inbox.data?.deliveries ?? [], [inbox.data]);
  const awaited = useMemo(() => {
    const since = (inbox.dataUpdatedAt || 0) - AWAIT_DELIVERY_MS;
    return new Set(
      awaitingDelivery(jobs, deliveries)
        .filter((j) => j.submittedAt >= since)
        .map((j) => j.sid),
    );
  }, [jobs, deliveries, inbox.dataUpdatedAt]);

  const request = useConfirmFirst(action, setConfirming);
  const job = action.shown.data;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Webhook jobs</h1>
      <section
        aria-labelledby="how-heading"
        className="space-y-1 text-sm text-slate-700 dark:text-slate-300"
      >
        <h2 id="how-heading" className="font-semibold text-slate-900 dark:text-slate-100">
          Where the results go
        </h2>
        <p>
          A job asks the service to scrape <em>Page to scrape</em>. The service answers at once with
          a job id, the <code>sid</code>, and later POSTs the scraped result to the webhook
          configured on the service&apos;s own dashboard under <em>Webhook name</em> (empty: the
          default webhook). The URL here is the page to scrape, never the delivery address.
        </p>
        <p>
          Keep the <code>sid</code>: the delivery carries it, so it is how you match a result that
          arrives at your webhook to the job that asked for it.
        </p>
      </section>
      {/*
       * The stage is as tall as the confirmation or the submitted job, whichever it shows:
       * one replacing the other moves nothing below (the jobs and the inbox).
       */}
      <RequestPanel
        request={request}
        raw={job?.raw}
        inputs={INPUTS}
        stageClassName="min-h-56 sm:min-h-40"
      >
        {/* The stage is kept free for what comes; empty, it says what that is, not a blank gap. */}
        {!confirming && !job && !action.run.isRunning && (
          <p className="flex min-h-40 items-center rounded border border-dashed border-slate-300 p-3 text-sm text-slate-600 sm:min-h-28 dark:border-slate-600 dark:text-slate-400">
            Nothing submitted yet. Submit job shows what would be sent, to confirm here; the job’s
            id then appears in its place.
          </p>
        )}
        {confirming && !action.run.isRunning && (
          <ConfirmSubmission
            params={confirming}
            cost={cost}
            onBack={() => setConfirming(null)}
            onConfirm={() => {
              if (action.submit(confirming)) setConfirming(null);
            }}
          />
        )}
        {job && (
          <p
            role="status"
            className="rounded border border-emerald-300 bg-emerald-50 p-3 dark:bg-emerald-950/40"
          >
            Job submitted: <code data-testid="job-sid">{job.data.sid ?? '(no id returned)'}</code>
          </p>
        )}
      </RequestPanel>
      {/* There from the first paint, empty or not: a first job fills it in place. */}
      <JobsTable jobs={jobs} deliveries={sandbox ? deliveries : null} awaited={awaited} />
      {sandbox && (
        <DeliveryInbox
          entries={inboxEntries(inbox.data ?? EMPTY_INBOX, jobs)}
          error={inbox.isError ? inbox.error.message : null}
        />
      )}
    </div>
  );
}
