import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from './side-fetch.ts';
import type { ApiMeta } from './upstream-meta.ts';

export type { ApiMeta };

export const META_URL = '/api/_dashboard/meta';

/** Which upstream the proxy talks to (sandbox or live host). Served by the dev/preview server itself. */
export const metaQueries = {
  all: ['meta'] as const,
  current: () =>
    queryOptions({
      queryKey: [...metaQueries.all, 'current'] as const,
      queryFn: async ({ signal }) => (await fetchJson(META_URL, signal)) as ApiMeta,
      staleTime: Infinity,
      retry: 2,
    }),
};
