import { endpointQuery, type Params } from '../../api/endpoint-query.ts';

export const screenshotQueries = {
  all: ['screenshot'] as const,
  results: (params: Params) => endpointQuery('screenshot', params),
};
