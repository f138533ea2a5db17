import { spendingQuery } from '../../api/endpoint-query.ts';
import { getShorts } from '../../api/requests.ts';

export const shortsQueries = {
  all: ['shorts'] as const,
  results: (params: Record<string, string>) => spendingQuery('shorts', params, getShorts),
};
