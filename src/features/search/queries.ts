import { endpointQuery, type Params } from '../../api/endpoint-query.ts';

export const searchQueries = {
  all: ['search'] as const,
  results: (params: Params) => endpointQuery('search', params),
};
