import { endpointQuery } from '../../api/endpoint-query.ts';
import type { Params } from '../../api/params.ts';

export const shortsQueries = {
  all: ['shorts'] as const,
  results: (params: Params) => endpointQuery('shorts', params),
};
