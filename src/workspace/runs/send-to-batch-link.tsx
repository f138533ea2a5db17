import { Link } from 'react-router';
import { isBatchEndpoint } from './lib/endpoints.ts';
import { batchHandoffState, localesOf, type BatchHandoff } from './send-to-batch.ts';

/** A link to the batch view that fills its form with these queries (nothing is sent from here). */
export function SendToBatchLink({ handoff, label }: { handoff: BatchHandoff; label: string }) {
  return (
    <Link to="/batch" state={batchHandoffState(handoff)} className="btn-secondary">
      {label}
    </Link>
  );
}

/**
 * "Send to batch" for requests of the history: their queries and locales, when they are all of
 * one endpoint a batch runs (else a line saying how to get there).
 */
export function SendRequestsToBatch({
  requests,
}: {
  requests: readonly {
    endpoint: string;
    params: Readonly<Record<string, string>>;
    batch?: unknown;
  }[];
}) {
  const sendable = requests.filter(
    (r) => !r.batch && isBatchEndpoint(r.endpoint) && r.params.query,
  );
  const endpoints = [...new Set(sendable.map((r) => r.endpoint))];
  const endpoint = endpoints[0];
  if (endpoints.length > 1)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        To send these queries to a batch, filter by one view (Search, Autocomplete or Shorts).
      </p>
    );
  if (endpoint === undefined || !isBatchEndpoint(endpoint)) return null;
  const queries = [...new Set(sendable.map((r) => r.params.query!))];
  return (
    <SendToBatchLink
      label={`Send ${queries.length} ${queries.length === 1 ? 'query' : 'queries'} to batch`}
      handoff={{
        endpoint,
        queries,
        locales: localesOf(sendable.map((r) => r.params)),
        from: 'the history',
      }}
    />
  );
}
