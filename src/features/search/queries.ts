import { spendingQuery } from '../../api/endpoint-query.ts';
import { getSearch } from '../../api/requests.ts';

export const searchQueries = {
  all: ['search'] as const,
  results: (params: Record<string, string>) => spendingQuery('search', params, getSearch),
};
