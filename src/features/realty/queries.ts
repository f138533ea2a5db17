import { endpointQuery } from '../../api/endpoint-query.ts';
import { prepareHomes } from './lib/home.ts';
import type { Params } from '../../api/params.ts';

export const realtyQueries = {
  all: ['realty'] as const,
  results: (params: Params) =>
    endpointQuery('realty', params, {
      prepare: (result) => prepareHomes(result.data.realty_listings),
    }),
};
