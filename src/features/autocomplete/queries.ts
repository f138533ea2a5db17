import { endpointQuery, type Params } from '../../api/endpoint-query.ts';

export const autocompleteQueries = {
  all: ['autocomplete'] as const,
  results: (params: Params) => endpointQuery('autocomplete', params),
};
