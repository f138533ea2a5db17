import { notifyManager, useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { autocompleteQueries } from './queries.ts';

interface Counter {
  count: number;
  listeners: Set<() => void>;
}

// One counter per query cache (a new key gets a new cache's worth of session). It listens for
// good once installed, so requests that finish while the view is closed are counted too.
const counters = new WeakMap<QueryCache, Counter>();

function counterFor(cache: QueryCache): Counter {
  let counter = counters.get(cache);
  if (counter) return counter;
  const created: Counter = { count: 0, listeners: new Set() };
  cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'fetch') return;
    const [root] = event.query.queryKey as readonly unknown[];
    if (root !== autocompleteQueries.all[0]) return;
    created.count += 1;
    for (const notify of created.listeners) notify();
  });
  counters.set(cache, created);
  counter = created;
  return counter;
}

/** Autocomplete requests sent in this session (answers from the session cache are not sent). */
export function useRequestCount(): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const { listeners } = counterFor(cache);
      // Batched like TanStack's own hooks: a fetch can start while another component renders.
      const notify = notifyManager.batchCalls(onChange);
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    [cache],
  );
  return useSyncExternalStore(subscribe, () => counterFor(cache).count);
}
