import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { endpointQueryKey } from '../../api/endpoint-query.ts';
import { ENDPOINTS, type ReadEndpointId } from '../../api/endpoints.ts';
import type { OpenSnapshot } from '../snapshots/snapshot-file.ts';

/**
 * A step's other answers (a search comparison's second pair), opened, with its own, put where
 * its view finds them: the session cache, as if asked in this tab. Only while the demo plays:
 * what was put there, and was not there before, leaves when it ends (`forgetRecordedAnswers`),
 * so a recording never passes for a live answer afterwards (no "cached · 0 credits" for it,
 * nothing kept after the demo).
 */
const lent: { client: QueryClient; key: QueryKey }[] = [];

export function lendRecordedAnswers(
  queryClient: QueryClient,
  answers: readonly OpenSnapshot[],
): void {
  for (const { endpoint, params, result } of answers) {
    if (ENDPOINTS[endpoint].kind !== 'read') continue;
    const key = endpointQueryKey(endpoint as ReadEndpointId, params);
    if (queryClient.getQueryData(key) !== undefined) continue;
    queryClient.setQueryData(key, result);
    lent.push({ client: queryClient, key });
  }
}

/** Takes back what the demo lent to the cache (it ended). */
export function forgetRecordedAnswers(): void {
  for (const { client, key } of lent.splice(0))
    client.removeQueries({ queryKey: key, exact: true });
}
