import { endpointQuery } from '../../api/endpoint-query.ts';
import type { Params } from '../../api/params.ts';

export const autocompleteQueries = {
  all: ['autocomplete'] as const,
  results: (params: Params) => endpointQuery('autocomplete', params),
};
