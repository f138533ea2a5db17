import { queryOptions } from '@tanstack/react-query';
import { getApiKey } from '../session/key-store.ts';
import type { RequestOptions } from './client.ts';
import type { EndpointId } from './endpoints.ts';
import { SPENDING_QUERY } from './query-defaults.ts';

type Fetcher<T> = (params: Record<string, string>, options: RequestOptions) => Promise<T>;

/**
 * queryOptions for one credit-spending endpoint call. The key is
 * [endpoint, 'results', params]; the API key is read at call time and never
 * enters the key (the cache is cleared when the key changes instead).
 */
export function spendingQuery<T>(
  id: EndpointId,
  params: Record<string, string>,
  fetcher: Fetcher<T>,
) {
  return queryOptions({
    queryKey: [id, 'results', params] as const,
    queryFn: ({ signal }) => fetcher(params, { apiKey: getApiKey() ?? '', signal }),
    ...SPENDING_QUERY,
  });
}
