import { hashKey, mutationOptions, queryOptions } from '@tanstack/react-query';
import { getApiKey } from '../session/key-store.ts';
import { ENDPOINTS, type ActionEndpointId, type ReadEndpointId } from './endpoints.ts';
import { trackRequest } from './in-flight.ts';
import type { Params } from './params.ts';
import { queryPolicy } from './query-defaults.ts';
import { requestEndpoint, type EndpointResult } from './requests.ts';

/** The query key of one read: general → specific, never the API key. */
export const endpointQueryKey = <Id extends ReadEndpointId>(id: Id, params: Params) =>
  [id, 'results', params] as const;

/**
 * queryOptions for one read of the catalogue, with the policy the catalogue implies:
 * metered reads spend credits, so they run only on Run, never retry and are kept for
 * the session; unmetered ones (the account) may retry transient failures. The API key
 * is read at call time and never enters the query key (the cache is cleared when it changes).
 */
export function endpointQuery<Id extends ReadEndpointId>(
  id: Id,
  params: Params,
  {
    prepare,
  }: {
    /**
     * Work a view does on every answer, done before the answer reaches it (in slices of its
     * own, off the render): realty makes its listings' homes here.
     */
    prepare?: (result: EndpointResult<Id>) => Promise<void>;
  } = {},
) {
  const spec = ENDPOINTS[id];
  const request = async (signal: AbortSignal, origin: unknown) =>
    requestEndpoint(id, params, {
      apiKey: getApiKey() ?? '',
      signal,
      origin: typeof origin === 'string' ? origin : null,
    });
  // `prepare` is not in the key: it changes nothing in the answer, it only does the view's
  // work on it ahead of the render.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: endpointQueryKey(id, params),
    queryFn: async (context) => {
      let result: EndpointResult<Id>;
      // A batch's or a tracker run's requests carry its mark: the spend ledger groups them by it.
      const origin = context.meta?.batch;
      if (!ENDPOINTS[id].metered) result = await request(context.signal, origin);
      else {
        // Not TanStack's signal (not even destructured): reading it makes TanStack abort the
        // request as soon as its view unmounts.
        const { signal, release } = trackRequest(hashKey(context.queryKey));
        try {
          result = await request(signal, origin);
        } finally {
          release();
        }
      }
      if (prepare) await prepare(result);
      return result;
    },
    ...queryPolicy(spec),
  });
}

/** The mutation key of an action's submissions. */
export const endpointMutationKey = <Id extends ActionEndpointId>(id: Id) =>
  [id, 'submissions'] as const;

/**
 * mutationOptions for an action of the catalogue (a webhook job): every submission is
 * sent and is its own, never answered from a cache. Submissions are kept for the
 * session (`gcTime: Infinity`) so a view can list them; a new key clears them.
 * A view sends one submission at a time; `abortRequest(hashKey(mutationKey))` stops it.
 */
export function endpointMutation<Id extends ActionEndpointId>(id: Id) {
  const mutationKey = endpointMutationKey(id);
  return mutationOptions({
    mutationKey,
    mutationFn: async (params: Params) => {
      const { signal, release } = trackRequest(hashKey(mutationKey));
      try {
        return await requestEndpoint(id, params, { apiKey: getApiKey() ?? '', signal });
      } finally {
        release();
      }
    },
    gcTime: Infinity,
    retry: 0,
    meta: { spendsCredits: ENDPOINTS[id].metered },
  });
}
