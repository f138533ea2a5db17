import { endpointQuery } from '../../api/endpoint-query.ts';
import type { Params } from '../../api/params.ts';
import { readHomes } from './lib/home.ts';

export const realtyQueries = {
  all: ['realty'] as const,
  results: (params: Params) =>
    endpointQuery('realty', params, {
      // The pipeline's read stage (PIPELINE.md): the listings become homes before the render.
      prepare: (result) => readHomes(result.data.realty_listings),
    }),
};
