import { endpointQuery, type Params } from '../../api/endpoint-query.ts';

export const shortsQueries = {
  all: ['shorts'] as const,
  results: (params: Params) => endpointQuery('shorts', params),
};
