import { endpointQuery, type Params } from '../../api/endpoint-query.ts';
import { prepareHomes } from './lib/home.ts';

export const realtyQueries = {
  all: ['realty'] as const,
  results: (params: Params) =>
    endpointQuery('realty', params, {
      prepare: (result) => prepareHomes(result.data.realty_listings),
    }),
};
