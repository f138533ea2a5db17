import { hashKey, mutationOptions, queryOptions } from '@tanstack/react-query';
import { getApiKey } from '../session/key-store.ts';
import { ENDPOINTS, type ActionEndpointId, type ReadEndpointId } from './endpoints.ts';
import { trackRequest } from './in-flight.ts';
import { queryPolicy } from './query-defaults.ts';
import { requestEndpoint } from './requests.ts';

export type Params = Record<string, string>;

/** The query key of one read: general → specific, never the API key. */
export const endpointQueryKey = <Id extends ReadEndpointId>(id: Id, params: Params) =>
  [id, 'results', params] as const;

/**
 * queryOptions for one read of the catalogue, with the policy the catalogue implies:
 * metered reads spend credits, so they run only on Run, never retry and are kept for
 * the session; unmetered ones (the account) may retry transient failures. The API key
 * is read at call time and never enters the query key (the cache is cleared when it changes).
 */
export function endpointQuery<Id extends ReadEndpointId>(id: Id, params: Params) {
  const spec = ENDPOINTS[id];
  return queryOptions({
    queryKey: endpointQueryKey(id, params),
    queryFn: async (context) => {
      if (!ENDPOINTS[id].metered)
        return requestEndpoint(id, params, { apiKey: getApiKey() ?? '', signal: context.signal });
      // Not TanStack's signal (not even destructured): reading it makes TanStack abort the
      // request as soon as its view unmounts.
      const { signal, release } = trackRequest(hashKey(context.queryKey));
      try {
        return await requestEndpoint(id, params, { apiKey: getApiKey() ?? '', signal });
      } finally {
        release();
      }
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
