import { spendingQuery } from '../../api/endpoint-query.ts';
import { getAutocomplete } from '../../api/requests.ts';

export const autocompleteQueries = {
  all: ['autocomplete'] as const,
  results: (params: Record<string, string>) =>
    spendingQuery('autocomplete', params, getAutocomplete),
};
