import { endpointQuery } from '../../api/endpoint-query.ts';
import type { Params } from '../../api/params.ts';

export const searchQueries = {
  all: ['search'] as const,
  results: (params: Params) => endpointQuery('search', params),
};
