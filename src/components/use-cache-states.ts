import {
  hashKey,
  notifyManager,
  useQueryClient,
  type QueryCache,
  type QueryKey,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { useExternal, type External } from '../lib/use-external.ts';

/** Where a request stands in the session cache. */
export type CacheState = 'cached' | 'running' | 'absent';

/**
 * A string read from the query cache, as state that re-renders when the cache changes
 * (never a one-off read during render); a string, so an unrelated cache event that leaves
 * it equal re-renders nothing.
 */
export function useCacheSnapshot(read: (cache: QueryCache) => string): string {
  const cache = useQueryClient().getQueryCache();
  const source = useMemo(
    (): External<QueryCache> => ({
      get: () => cache,
      // Batched like TanStack's own hooks: a query built while a component renders must not
      // update another one synchronously.
      subscribe: (onChange) => cache.subscribe(notifyManager.batchCalls(onChange)),
    }),
    [cache],
  );
  return useExternal(source, read);
}

/** The cache state of each key. Looking does not create cache entries. */
export function useCacheStates(keys: readonly QueryKey[]): CacheState[] {
  const snapshot = useCacheSnapshot((cache) =>
    keys
      .map((key): CacheState => {
        const state = cache.get(hashKey(key))?.state;
        if (state?.data !== undefined) return 'cached';
        return state?.fetchStatus === 'fetching' ? 'running' : 'absent';
      })
      .join(' '),
  );
  return snapshot ? (snapshot.split(' ') as CacheState[]) : [];
}
