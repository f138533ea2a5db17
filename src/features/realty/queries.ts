import { endpointQuery, type Params } from '../../api/endpoint-query.ts';

export const realtyQueries = {
  all: ['realty'] as const,
  results: (params: Params) => endpointQuery('realty', params),
};
