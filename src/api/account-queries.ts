import { queryOptions } from '@tanstack/react-query';
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
