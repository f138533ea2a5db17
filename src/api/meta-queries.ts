import { queryOptions } from '@tanstack/react-query';
import type { ApiMeta } from './upstream-meta.ts';

export type { ApiMeta };

export const META_URL = '/api/_dashboard/meta';

/** Which upstream the proxy talks to (sandbox or live host). Served by the dev/preview server itself. */
export const metaQueries = {
  all: ['meta'] as const,
  current: () =>
    queryOptions({
      queryKey: [...metaQueries.all, 'current'] as const,
      queryFn: async ({ signal }): Promise<ApiMeta> => {
        const res = await fetch(META_URL, { signal });
        if (!res.ok)
          throw new Error(
            `The dashboard server did not describe its upstream (HTTP ${res.status}).`,
          );
        return (await res.json()) as ApiMeta;
      },
      staleTime: Infinity,
      retry: 2,
    }),
};
