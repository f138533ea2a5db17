import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import { clear, del, entries, get, update, type UseStore } from 'idb-keyval';
import { bodyText, type KeptBody, type ResponseMeta } from '../api/client.ts';
import { ENDPOINTS, type EndpointId } from '../api/endpoints.ts';
import { readOffPage, readsOffPage } from '../api/parse-off-page.ts';
import { jsonResult, type JsonResult } from '../api/requests.ts';
import { isRecord } from '../lib/is-record.ts';
import { dismissNotice, showNotice } from '../lib/notices.ts';
import { newestWithin, storedSize } from '../lib/stored-size.ts';
import { getApiKey } from '../session/key-store.ts';
import { databaseStore } from '../session/browser-databases.ts';
import { clearedInThisTab, resultsClearedAt } from '../session/results-cleared.ts';
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
/**
 * The stored format's version (TanStack's `buster`): a record of another is dropped, with a
 * notice. The first format had none (TanStack's default); change it when the stored form of an
 * answer changes in a way the restore cannot read.
 */
const FORMAT = '';

type Query = PersistedClient['clientState']['queries'][number];

/** What the user is told when storing or reading results fails (lib/notices.ts). */
const NOTICES = {
  unsaved: 'results.unsaved',
  dropped: 'results.dropped',
  cleared: 'results.cleared',
} as const;
const tellDropped = () =>
  showNotice(
    NOTICES.dropped,
    'Results stored before could not be read (damaged, or saved by an older version) and were dropped: run those requests again to see them.',
  );

/** A record this version can read; anything else is dropped. */
const isReadable = (value: unknown): value is PersistedClient =>
  isRecord(value) &&
  value.buster === FORMAT &&
  typeof value.timestamp === 'number' &&
  isRecord(value.clientState) &&
  Array.isArray(value.clientState.queries);

const isQuery = (value: unknown): value is Query =>
  isRecord(value) &&
  Array.isArray(value.queryKey) &&
  typeof value.queryHash === 'string' &&
  isRecord(value.state);

/** Fetched after the last time a key was cleared in any tab (decision 041): still the user's to keep. */
const keptSinceCleared = (query: Query) => query.state.dataUpdatedAt > resultsClearedAt.get();

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
  /**
   * Forgets every stored result of this tab (a new key), or of every tab (a cleared key, and
   * no tab stores again what it fetched before: decision 041).
   */
  drop: () => Promise<void>;
  /** Writes what is pending now (tests, and a tab being hidden). */
  flush: () => Promise<void>;
}

/**
 * A JSON answer as stored: its body as received, not the parsed objects. IndexedDB clones what
 * it stores on the main thread: the object graph of a 5 MB answer (the parsed data beside the
 * raw body) took 320 ms in one task, and writing a 23 MB answer out again as JSON 300 ms; the
 * request keeps the body it received (api/client.ts: a large one as a Blob, handed over by
 * reference, a small one as its text, one flat copy). On restore the body goes back through the
 * endpoint's schema, so a stored answer reads like a fresh one.
 */
interface StoredJson {
  storedAs: 'json-blob';
  body: KeptBody;
  meta: ResponseMeta;
  /** The answer was an HTML page (`body` is that page, as a JSON string). */
  html: boolean;
}

const isJsonResult = (data: unknown): data is JsonResult<unknown> =>
  isRecord(data) && 'data' in data && 'raw' in data && 'meta' in data;
const isStoredJson = (data: unknown): data is StoredJson =>
  isRecord(data) && data.storedAs === 'json-blob';

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

/**
 * A stored body's value. A big one is parsed in the worker that reads big answers (decision
 * 111) and handed back a slice a task: parsed here, the 5 MB answer a tab had stored held the
 * reloaded page 171 ms of CPU in one task before its view could render (decision 125). Where
 * there is no worker, or it failed, the page parses it.
 */
async function storedValue(body: KeptBody): Promise<unknown> {
  if (typeof body !== 'string' && readsOffPage(body.size)) {
    const bytes = new Uint8Array(await body.arrayBuffer());
    // Stored with the key masked already: nothing to mask ('').
    const reading = await readOffPage([bytes], '', new AbortController().signal).catch(() => null);
    if (reading?.kind === 'json') return reading.value;
    if (reading?.kind === 'text') throw new Error('the stored answer is not JSON');
  }
  return JSON.parse(await bodyText(body));
}

/** A stored query as the cache holds it, or null when its answer no longer reads (a new schema). */
async function decode(query: Query): Promise<Query | null> {
  const data: unknown = query.state.data;
  if (!isStoredJson(data)) return query;
  const [id] = query.queryKey;
  if (typeof id !== 'string' || !Object.hasOwn(ENDPOINTS, id)) return null;
  const raw = await storedValue(data.body);
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
      const fresh = client.clientState.queries.map((q) => {
        const { data, size } = encode(q.state.data);
        const stored = { ...q, state: { ...q.state, data } };
        sizes.set(stored, size);
        return stored;
      });
      // Read and written in one transaction: a tab opened as a copy of this one (same id) may
      // have stored answers this one does not hold, and keeps them; of two versions of one
      // answer, the newer.
      await update(
        recordKey(),
        (stored: unknown) => {
          const byHash = new Map<string, Query>();
          const before = isReadable(stored) ? stored.clientState.queries.filter(isQuery) : [];
          for (const q of [...before, ...fresh]) {
            const other = byHash.get(q.queryHash);
            if (!other || other.state.dataUpdatedAt <= q.state.dataUpdatedAt)
              byHash.set(q.queryHash, q);
          }
          const queries = newestWithin([...byHash.values()].filter(keptSinceCleared), {
            size: (q) => sizes.get(q) ?? storedSize(q.state.data),
            time: (q) => q.state.dataUpdatedAt,
            maxBytes,
          });
          return { ...client, clientState: { ...client.clientState, queries } };
        },
        store,
      );
    },
    restoreClient: async () => {
      // Reading must not make an id: a tab that stored nothing has nothing to wait for.
      const id = existingResultsTabId();
      if (id === null) return undefined;
      // What cannot be read is dropped here, with a notice, and never reaches the cache.
      const client = await get<unknown>(`results:${id}`, store).catch(() => null);
      if (client === undefined) return undefined;
      if (!isReadable(client)) {
        tellDropped();
        await del(`results:${id}`, store).catch(() => {});
        return undefined;
      }
      const kept = client.clientState.queries.filter((q) => isQuery(q) && keptSinceCleared(q));
      // One answer that no longer reads (cut off, an older format) is dropped, not the rest.
      const queries = (await Promise.all(kept.map((q) => decode(q).catch(() => null)))).filter(
        (q) => q !== null,
      );
      if (queries.length < kept.length) tellDropped();
      return { ...client, clientState: { ...client.clientState, queries } };
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
 * random id that a new key replaces (session/results-tab-id.ts); a key cleared in any tab
 * deletes every tab's (decision 041). Storage that fails or holds what cannot be read never
 * breaks the page: the user is told (lib/notices.ts) and the answers still show.
 */
export function createResultPersistence(
  queryClient: QueryClient,
  { maxBytes = DEFAULT_MAX_BYTES } = {},
): ResultPersistence {
  const store = databaseStore('results');
  const persister = indexedDbPersister(store, maxBytes);
  const options = {
    queryClient,
    persister,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Parameters<typeof defaultShouldDehydrateQuery>[0]) =>
        query.meta?.spendsCredits === true &&
        // A batch stores its answers itself, a record each (workspace/runs/batch-store.ts):
        // here every one of a thousand answers would write the whole cache again.
        query.meta.batch === undefined &&
        defaultShouldDehydrateQuery(query),
      shouldDehydrateMutation: () => false,
    },
  };

  const restored = persistQueryClientRestore({ ...options, buster: FORMAT, maxAge: MAX_AGE_MS })
    .then(() => pruneStale(store))
    // Storage may be unavailable (private mode, quota): the app works without it.
    .catch(() => {});

  const hasPaidAnswers = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((q) => q.meta?.spendsCredits && q.state.data !== undefined);

  // A paid answer the browser would not store still shows; the user is told it will not
  // survive a reload, once, until a save succeeds again.
  let toldUnsaved = false;
  const saved = () => {
    if (toldUnsaved) dismissNotice(NOTICES.unsaved);
    toldUnsaved = false;
  };
  const unsaved = (error: unknown) => {
    if (toldUnsaved || !hasPaidAnswers()) return;
    toldUnsaved = true;
    showNotice(
      NOTICES.unsaved,
      (error as Error | undefined)?.name === 'QuotaExceededError'
        ? "The browser's storage for this site is full, so the latest answers were not kept: they show now, but will not survive a reload."
        : 'The browser would not store the latest answers: they show now, but will not survive a reload.',
    );
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Promise<void> = Promise.resolve();
  const save = () => {
    timer = undefined;
    pending = persistQueryClientSave({ ...options, buster: FORMAT }).then(saved, unsaved);
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
      // Another tab cleared its key: what this tab stored is gone, and what it shows from before
      // is not stored again. It keeps its own key and what it shows.
      const stopCleared = resultsClearedAt.subscribe(() => {
        if (clearedInThisTab()) return;
        if (existingResultsTabId() !== null)
          showNotice(
            NOTICES.cleared,
            'The API key was cleared in another tab, so the results stored in this browser were deleted: this tab keeps its key, but what it shows now will not survive a reload.',
          );
        schedule();
      });
      const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        // A batch's answers are the batch's to store (shouldDehydrateQuery leaves them out):
        // saving here on each of them wrote this record again a thousand times, for nothing.
        if (event.query.meta?.batch !== undefined) return;
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
        stopCleared();
        window.removeEventListener('pagehide', onHide);
        void flush();
      };
    },
    drop: async () => {
      clearTimeout(timer);
      timer = undefined;
      const old = `results:${resultsTabId()}`;
      forgetResultsTabId();
      // A cleared key deletes every tab's stored results, and no tab reads or stores again what
      // it fetched before (decision 041; the time is set by clearResults, app/provider.tsx); a
      // new key only this tab's.
      const everywhere = getApiKey() === null;
      await pending;
      await (everywhere ? clear(store) : del(old, store)).catch(() => {});
    },
    flush,
  };
}
