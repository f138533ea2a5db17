import { notifyManager, useQueryClient, type QueryCache } from '@tanstack/react-query';
import { createStore, useStore, type Store } from '../../lib/store.ts';
import { autocompleteQueries } from './queries.ts';

// One counter per query cache (a new key gets a new cache's worth of session). It listens for
// good once installed, so requests that finish while the view is closed are counted too.
const counters = new WeakMap<QueryCache, Store<number>>();

function counterFor(cache: QueryCache): Store<number> {
  const known = counters.get(cache);
  if (known) return known;
  const counter = createStore(0);
  // Counted like TanStack's own hooks notify: a fetch can start while another component
  // renders, and that render must not update this one synchronously.
  const count = notifyManager.batchCalls(() => counter.set(counter.get() + 1));
  cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'fetch') return;
    const [root] = event.query.queryKey as readonly unknown[];
    if (root === autocompleteQueries.all[0]) count();
  });
  counters.set(cache, counter);
  return counter;
}

/** Autocomplete requests sent in this session (answers from the session cache are not sent). */
export function useRequestCount(): number {
  return useStore(counterFor(useQueryClient().getQueryCache()));
}
