import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import { isApiError } from '../../api/errors.ts';
import type { Params } from '../../api/params.ts';
import { addHistoryEntry, type HistoryEntry } from './history-store.ts';
import { isRecord } from '../../lib/is-record.ts';

const isEndpointId = (value: unknown): value is EndpointId =>
  typeof value === 'string' && Object.hasOwn(ENDPOINTS, value);

/** The endpoint and parameters of a paid read's key (`[id, 'results', params]`), else null. */
function readOf(key: QueryKey): { id: EndpointId; params: Params } | null {
  const [id, kind, params] = key;
  if (!isEndpointId(id) || kind !== 'results' || !isRecord(params)) return null;
  // Free reads (the account) refresh on their own: they would drown the requests people made.
  if (!ENDPOINTS[id].metered) return null;
  return { id, params: params as Params };
}

/** How many results an answer held: the length of its first list, an image counts one. */
function resultCount(result: unknown): number | null {
  if (!isRecord(result)) return null;
  if (result.kind === 'image') return 1;
  const data = result.data;
  if (typeof data !== 'object' || data === null) return null;
  const list = Object.values(data).find(Array.isArray);
  return list ? list.length : null;
}

function outcome(
  id: EndpointId,
  result: { data: unknown } | { error: unknown },
): Pick<HistoryEntry, 'status' | 'httpStatus' | 'error' | 'credits' | 'results' | 'charged'> {
  const cost = ENDPOINTS[id].cost;
  if ('data' in result) {
    const meta = (result.data as { meta?: { status?: number } } | undefined)?.meta;
    return {
      status: 'ok',
      httpStatus: meta?.status,
      credits: cost,
      results: resultCount(result.data),
      charged: ENDPOINTS[id].metered ? 'yes' : 'no',
    };
  }
  const error = result.error;
  if (!isApiError(error))
    return {
      status: 'error',
      error: 'The request could not be sent',
      credits: 0,
      results: null,
      charged: 'no',
    };
  return {
    status: error.kind === 'aborted' ? 'cancelled' : 'error',
    httpStatus: error.status,
    error: error.title,
    credits: error.charged === 'no' ? 0 : error.charged === 'yes' ? cost : null,
    results: null,
    charged: error.charged,
  };
}

/**
 * Records every request the dashboard sends, from every view, by watching the query and
 * mutation caches: a fetch's start and its end (success, error or cancel). Answers served
 * from the cache are not requests and are not recorded. Returns the way to stop.
 */
export function recordHistory(client: QueryClient): () => void {
  const started = new Map<string, number>();
  const finish = (
    id: EndpointId,
    params: Params,
    at: number,
    result: { data: unknown } | { error: unknown } | 'cancelled',
  ) =>
    addHistoryEntry({
      endpoint: id,
      params: { ...params },
      at,
      durationMs: Date.now() - at,
      ...(result === 'cancelled'
        ? {
            status: 'cancelled',
            error: 'Cancelled',
            credits: null,
            results: null,
            charged: 'unknown',
          }
        : outcome(id, result)),
    });

  // The recorder loads after the page (decision 022): a request that started before it did is
  // timed from now, not lost.
  for (const query of client.getQueryCache().getAll())
    if (
      query.state.fetchStatus === 'fetching' &&
      readOf(query.queryKey) &&
      query.meta?.batch === undefined
    )
      started.set(query.queryHash, Date.now());

  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    const query = event.query as Query;
    const read = readOf(query.queryKey);
    if (!read) return;
    const hash = query.queryHash;
    if (event.type === 'removed') {
      // A new key stops what ran under the old one and empties the cache.
      const at = started.get(hash);
      if (at !== undefined) finish(read.id, read.params, at, 'cancelled');
      started.delete(hash);
      return;
    }
    const { action } = event;
    if (action.type === 'fetch') {
      // A batch's requests are one entry, the batch's own (workspace/batch).
      if (query.meta?.batch === undefined) started.set(hash, Date.now());
      return;
    }
    const at = started.get(hash);
    if (at === undefined) return;
    if (action.type === 'success') finish(read.id, read.params, at, { data: action.data });
    else if (action.type === 'error') finish(read.id, read.params, at, { error: action.error });
    // A cancel puts the query back as it was, with no error.
    else if (action.type === 'setState' && query.state.fetchStatus === 'idle')
      finish(read.id, read.params, at, 'cancelled');
    else return;
    started.delete(hash);
  });

  const startedMutations = new Map<number, number>();
  for (const mutation of client.getMutationCache().getAll())
    if (mutation.state.status === 'pending') startedMutations.set(mutation.mutationId, Date.now());
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { mutation, action } = event;
    const [id] = mutation.options.mutationKey ?? [];
    if (!isEndpointId(id)) return;
    if (action.type === 'pending') {
      startedMutations.set(mutation.mutationId, Date.now());
      return;
    }
    const at = startedMutations.get(mutation.mutationId);
    if (at === undefined || (action.type !== 'success' && action.type !== 'error')) return;
    startedMutations.delete(mutation.mutationId);
    const params = (mutation.state.variables ?? {}) as Params;
    finish(
      id,
      params,
      at,
      action.type === 'success' ? { data: action.data } : { error: action.error },
    );
  });

  return () => {
    stopQueries();
    stopMutations();
  };
}
