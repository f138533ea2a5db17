import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/account-queries.ts';
import { toAccountSummary } from '../../api/account.ts';
import { useApiKey } from '../../session/use-api-key.ts';

/**
 * The account, for everything that shows it (header pill, concurrency, overview, account
 * view, request panel): one query, fetched only while a key is set.
 */
export function useAccount() {
  const apiKey = useApiKey();
  return useQuery({ ...accountQueries.details(), enabled: apiKey !== null });
}

type AccountResult = Parameters<
  NonNullable<ReturnType<typeof accountQueries.details>['select']>
>[0];
const concurrencyOf = (result: AccountResult) => toAccountSummary(result.data).concurrencyLimit;

/**
 * The plan's concurrent-request cap alone, from the same query. Whoever needs only the cap
 * (autocomplete's three sections, the header's running count) does not render when the
 * credits change, which the account refresh after each paid answer does (issue 41).
 */
export function useConcurrencyLimit(): number | undefined {
  const apiKey = useApiKey();
  return useQuery({ ...accountQueries.details(), select: concurrencyOf, enabled: apiKey !== null })
    .data;
}
