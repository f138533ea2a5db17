import {
  notifyManager,
  useIsMutating,
  useQueryClient,
  type Query,
  type QueryCache,
} from '@tanstack/react-query';
import { useExternal, type External } from '../lib/use-external.ts';
import { useConcurrencyLimit } from '../workspace/costs/use-account.ts';
import { useApiKey } from '../session/use-api-key.ts';

const spends = (query: Query<unknown, Error, unknown>) => query.meta?.spendsCredits === true;
const inFlight = (query: Query<unknown, Error, unknown>) =>
  spends(query) && query.state.fetchStatus === 'fetching';

const watched = new WeakMap<QueryCache, External<number>>();

/**
 * How many queries that spend credits have a request in flight, kept from the cache's events
 * one query at a time. `useIsFetching` filtered the whole cache on every event: a batch keeps a
 * query per cell, so each of its thousand answers read a thousand queries (issue 41).
 */
function spendingFetches(cache: QueryCache): External<number> {
  const known = watched.get(cache);
  if (known) return known;
  const fetching = new Set<string>();
  const listeners = new Set<() => void>();
  let unsubscribe: (() => void) | null = null;
  const watch = () =>
    cache.subscribe(({ type, query }) => {
      const before = fetching.size;
      if (type !== 'removed' && inFlight(query as Query)) fetching.add(query.queryHash);
      else fetching.delete(query.queryHash);
      if (fetching.size !== before) for (const listener of listeners) listener();
    });
  const external: External<number> = {
    // Unwatched (before the first subscription), counted once.
    get: () => (unsubscribe ? fetching.size : cache.findAll({ predicate: inFlight }).length),
    subscribe(onChange) {
      const listener = notifyManager.batchCalls(onChange);
      listeners.add(listener);
      if (!unsubscribe) {
        fetching.clear();
        for (const query of cache.findAll({ predicate: inFlight })) fetching.add(query.queryHash);
        unsubscribe = watch();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = null;
      };
    },
  };
  watched.set(cache, external);
  return external;
}

const count = (n: number) => n;

/** Requests this tab has in flight against the plan's concurrency cap. */
export function ConcurrencyIndicator() {
  const apiKey = useApiKey();
  const running =
    useExternal(spendingFetches(useQueryClient().getQueryCache()), count) +
    useIsMutating({ predicate: (m) => m.meta?.spendsCredits === true });
  const limit = useConcurrencyLimit();
  if (!apiKey) return null;
  const full = limit !== undefined && running >= limit;
  return (
    <span
      data-testid="concurrency"
      title="Requests running from this tab, against your plan's concurrent-request limit"
      className={`rounded-full px-2 py-0.5 text-sm sm:px-3 whitespace-nowrap tabular-nums ${full ? 'bg-amber-200 text-amber-950' : 'bg-slate-100 dark:bg-slate-800'}`}
    >
      {running} / {limit ?? '?'}
      {/* Said on a phone too, where the header has no room to show it. */}
      <span className="sr-only sm:not-sr-only"> running</span>
    </span>
  );
}
