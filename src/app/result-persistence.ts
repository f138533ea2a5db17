import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { ResponseMeta } from '../api/client.ts';
import { ENDPOINTS, type EndpointId } from '../api/endpoints.ts';
import { jsonResult, type JsonResult } from '../api/requests.ts';
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

/**
 * A JSON answer as stored: its body as a Blob, not the parsed objects. IndexedDB clones what
 * it stores on the main thread: the object graph of a 5 MB answer (the parsed data beside the
 * raw body) took 320 ms in one task, and writing a 23 MB answer out again as JSON 300 ms; the
 * request keeps the body it received as a Blob, which is handed over by reference. On restore the body goes back
 * through the endpoint's schema, so a stored answer reads like a fresh one.
 */
interface StoredJson {
  storedAs: 'json-blob';
  body: Blob;
  meta: ResponseMeta;
  /** The answer was an HTML page (`body` is that page, as a JSON string). */
  html: boolean;
}

const isJsonResult = (data: unknown): data is JsonResult<unknown> =>
  typeof data === 'object' && data !== null && 'data' in data && 'raw' in data && 'meta' in data;
const isStoredJson = (data: unknown): data is StoredJson =>
  typeof data === 'object' && data !== null && (data as StoredJson).storedAs === 'json-blob';

// Each answer is encoded and measured once (answers never change in place).
const encoded = new WeakMap<object, { data: unknown; size: number }>();
function encode(data: unknown): { data: unknown; size: number } {
  if (typeof data !== 'object' || data === null) return { data, size: storedSize(data) };
  let entry = encoded.get(data);
  if (!entry) {
    const stored: unknown = isJsonResult(data)
      ? ({
          storedAs: 'json-blob',
          // The body as it arrived when the request kept it; else (an HTML page) written out.
          body: data.body ?? new Blob([JSON.stringify(data.raw)], { type: 'application/json' }),
          meta: data.meta,
          html: data.html !== undefined,
        } satisfies StoredJson)
      : data;
    entry = { data: stored, size: storedSize(stored) };
    encoded.set(data, entry);
  }
  return entry;
}

/** About how many bytes an answer takes in the store (its body, for a JSON answer). */
export const storedResultSize = (data: unknown): number => encode(data).size;

/** A stored query as the cache holds it, or null when its answer no longer reads (a new schema). */
async function decode(query: Query): Promise<Query | null> {
  const data: unknown = query.state.data;
  if (!isStoredJson(data)) return query;
  const [id] = query.queryKey;
  if (typeof id !== 'string' || !Object.hasOwn(ENDPOINTS, id)) return null;
  const raw: unknown = JSON.parse(await data.body.text());
  const html = data.html && typeof raw === 'string' ? raw : undefined;
  const result = await jsonResult(
    ENDPOINTS[id as EndpointId],
    raw,
    data.meta,
    html,
    html === undefined ? data.body : undefined,
  );
  return result && { ...query, state: { ...query.state, data: result } };
}

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
      const sizes = new Map<Query, number>();
      const all = client.clientState.queries.map((q) => {
        const { data, size } = encode(q.state.data);
        const stored = { ...q, state: { ...q.state, data } };
        sizes.set(stored, size);
        return stored;
      });
      const queries = newestWithin(all, {
        size: (q) => sizes.get(q) ?? 0,
        time: (q) => q.state.dataUpdatedAt,
        maxBytes,
      });
      await set(recordKey(), { ...client, clientState: { ...client.clientState, queries } }, store);
    },
    restoreClient: async () => {
      // Reading must not make an id: a tab that stored nothing has nothing to wait for.
      const id = existingResultsTabId();
      const client = id === null ? undefined : await get<PersistedClient>(`results:${id}`, store);
      if (!client) return undefined;
      // One answer that no longer reads (cut off, an older format) is dropped, not the rest.
      const queries = await Promise.all(
        client.clientState.queries.map((q) => decode(q).catch(() => null)),
      );
      return {
        ...client,
        clientState: { ...client.clientState, queries: queries.filter((q) => q !== null) },
      };
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
        query.meta?.spendsCredits === true &&
        // A batch stores its answers itself, a record each (workspace/batch/batch-storage.ts):
        // here every one of a thousand answers would write the whole cache again.
        query.meta.batch === undefined &&
        defaultShouldDehydrateQuery(query),
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
        // A new paid answer is written at once (the tab may be reloaded or left right after),
        // in a task of its own: encoding a big answer must not lengthen the one that shows it.
        if (event.type === 'updated' && event.action.type === 'success') {
          clearTimeout(timer);
          timer = setTimeout(() => void pending.then(save), 0);
        } else if (event.type === 'added' || event.type === 'removed' || event.type === 'updated')
          schedule();
      });
      // Paid answers that arrived before saving started (the module loads beside the first paint).
      if (
        queryClient
          .getQueryCache()
          .getAll()
          .some((q) => q.meta?.spendsCredits && q.state.data)
      )
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
