import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/account-queries.ts';
import { useApiKey } from '../../session/use-api-key.ts';

/**
 * The account, for everything that shows it (header pill, concurrency, overview, account
 * view, request panel): one query, fetched only while a key is set.
 */
export function useAccount() {
  const apiKey = useApiKey();
  return useQuery({ ...accountQueries.details(), enabled: apiKey !== null });
}
