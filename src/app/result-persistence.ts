import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { newestWithin, storedSize } from '../lib/stored-size.ts';
import { getApiKey } from '../session/key-store.ts';
import {
  existingResultsTabId,
  forgetResultsTabId,
  resultsTabId,
} from '../session/results-tab-id.ts';

/** Screenshots count: a few full-page captures plus many JSON answers. */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** Stored results older than this are not restored, and other tabs' leftovers are deleted. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Saves are coalesced: a run of cache events writes once. */
const SAVE_DELAY_MS = 300;

type Query = PersistedClient['clientState']['queries'][number];

export interface ResultPersistence {
  /**
   * Whether this tab stored results before (it has an id): only then do the views wait for
   * `restored`, so a first visit paints without touching IndexedDB.
   */
  hasStored: boolean;
  /** Resolves once the stored results are back in the cache (or there were none, or storage failed). */
  restored: Promise<void>;
  /** Saves the cache's paid results from now on; returns the way to stop. */
  start: () => () => void;
  /** Forgets every stored result of this tab (a new or cleared key). */
  drop: () => Promise<void>;
  /** Writes what is pending now (tests, and a tab being hidden). */
  flush: () => Promise<void>;
}

// Sizes of answers already measured, by the answer itself (answers never change in place).
const sizes = new WeakMap<object, number>();
const sizeOf = (query: Query) => {
  const data: unknown = query.state.data;
  if (typeof data !== 'object' || data === null) return storedSize(data);
  let n = sizes.get(data);
  if (n === undefined) sizes.set(data, (n = storedSize(data)));
  return n;
};

/**
 * A TanStack Query persister over IndexedDB. Values are stored by structured clone, so a
 * screenshot's Blob is kept as bytes (no JSON round trip), and the newest answers that fit
 * under `maxBytes` are kept: the oldest go first.
 */
function indexedDbPersister(store: UseStore, maxBytes: number): Persister {
  const recordKey = () => `results:${resultsTabId()}`;
  return {
    persistClient: async (client) => {
      // Without a key there is nothing worth keeping, and no id is made for nothing.
      if (!getApiKey()) return;
      const queries = newestWithin(client.clientState.queries, {
        size: sizeOf,
        time: (q) => q.state.dataUpdatedAt,
        maxBytes,
      });
      await set(recordKey(), { ...client, clientState: { ...client.clientState, queries } }, store);
    },
    restoreClient: async () => {
      // Reading must not make an id: a tab that stored nothing has nothing to wait for.
      const id = existingResultsTabId();
      return id === null ? undefined : get<PersistedClient>(`results:${id}`, store);
    },
    removeClient: () => del(recordKey(), store),
  };
}

/** Deletes what tabs long closed left behind (a tab cannot clean up as it closes). */
async function pruneStale(store: UseStore) {
  const all = await entries<string, PersistedClient>(store);
  const stale = all.filter(([, client]) => !(Date.now() - (client?.timestamp ?? 0) < MAX_AGE_MS));
  await Promise.all(stale.map(([key]) => del(key, store)));
}

/**
 * Keeps the session's paid results (successful metered reads) across a reload of the tab, so
 * an identical request after a reload shows its earlier answer for free. Never the key: the
 * query keys hold parameters only and answers carry the masked URL. Stored per tab under a
 * random id that a new key replaces (session/results-tab-id.ts).
 */
export function createResultPersistence(
  queryClient: QueryClient,
  { maxBytes = DEFAULT_MAX_BYTES, dbName = 'web-data-dashboard' } = {},
): ResultPersistence {
  const store = createStore(dbName, 'results');
  const persister = indexedDbPersister(store, maxBytes);
  const options = {
    queryClient,
    persister,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Parameters<typeof defaultShouldDehydrateQuery>[0]) =>
        query.meta?.spendsCredits === true && defaultShouldDehydrateQuery(query),
      shouldDehydrateMutation: () => false,
    },
  };

  const restored = persistQueryClientRestore({ ...options, maxAge: MAX_AGE_MS })
    .then(() => pruneStale(store))
    // Storage may be unavailable (private mode, quota): the app works without it.
    .catch(() => {});

  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Promise<void> = Promise.resolve();
  const save = () => {
    timer = undefined;
    pending = persistQueryClientSave(options).catch(() => {});
    return pending;
  };
  const flush = async () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      await save();
    }
    await pending;
  };

  return {
    hasStored: existingResultsTabId() !== null,
    restored,
    start: () => {
      const schedule = () => {
        if (timer === undefined) timer = setTimeout(() => void save(), SAVE_DELAY_MS);
      };
      const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        // A new paid answer is written at once: the tab may be reloaded or left right after.
        if (event.type === 'updated' && event.action.type === 'success') {
          clearTimeout(timer);
          timer = undefined;
          void pending.then(save);
        } else if (event.type === 'added' || event.type === 'removed' || event.type === 'updated')
          schedule();
      });
      // Paid answers that arrived before saving started (the module loads beside the first paint).
      if (queryClient.getQueryCache().getAll().some((q) => q.meta?.spendsCredits && q.state.data))
        schedule();
      const onHide = () => void flush();
      window.addEventListener('pagehide', onHide);
      return () => {
        unsubscribe();
        window.removeEventListener('pagehide', onHide);
        void flush();
      };
    },
    drop: async () => {
      clearTimeout(timer);
      timer = undefined;
      const old = `results:${resultsTabId()}`;
      forgetResultsTabId();
      await pending;
      await del(old, store).catch(() => {});
    },
    flush,
  };
}
