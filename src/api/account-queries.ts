import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiKey } from '../session/use-api-key.ts';
import { ACCOUNT_QUERY_KEY } from './account-key.ts';
import { toAccountSummary } from './account.ts';
import { endpointQuery } from './endpoint-query.ts';

export const accountQueries = {
  all: ACCOUNT_QUERY_KEY,
  details: () =>
    queryOptions({
      ...endpointQuery('account', {}),
      select: (result) => ({ ...result, summary: toAccountSummary(result.data) }),
    }),
};

/**
 * The account, for everything that shows it (header pill, concurrency, overview, account
 * view, request panel): one query, fetched only while a key is set.
 */
export function useAccount() {
  const apiKey = useApiKey();
  return useQuery({ ...accountQueries.details(), enabled: apiKey !== null });
}
