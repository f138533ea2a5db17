import { queryOptions } from '@tanstack/react-query';
import { getApiKey } from '../session/key-store.ts';
import { toAccountSummary } from './account.ts';
import { FREE_QUERY } from './query-defaults.ts';
import { getAccount } from './requests.ts';

export const accountQueries = {
  all: ['account'] as const,
  details: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'details'] as const,
      queryFn: async ({ signal }) => {
        const result = await getAccount({ apiKey: getApiKey() ?? '', signal });
        return { ...result, summary: toAccountSummary(result.data) };
      },
      ...FREE_QUERY,
      staleTime: 30_000,
    }),
};
