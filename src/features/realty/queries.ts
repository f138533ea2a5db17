import { spendingQuery } from '../../api/endpoint-query.ts';
import { getRealty } from '../../api/requests.ts';

export const realtyQueries = {
  all: ['realty'] as const,
  results: (params: Record<string, string>) => spendingQuery('realty', params, getRealty),
};
