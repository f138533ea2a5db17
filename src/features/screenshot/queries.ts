import { endpointQuery } from '../../api/endpoint-query.ts';
import type { Params } from '../../api/params.ts';

export const screenshotQueries = {
  all: ['screenshot'] as const,
  results: (params: Params) => endpointQuery('screenshot', params),
};
