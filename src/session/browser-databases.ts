import { clear, createStore, promisifyRequest, type UseStore } from 'idb-keyval';

/**
 * Every IndexedDB database the dashboard keeps, by name, in one list: Clear key empties each of
 * them in every tab (app/forget-on-clear.ts), whichever views the page had loaded. A module that
 * stores something in IndexedDB gets its store here, never from idb-keyval's `createStore`.
 */
export const DATABASES = {
  /** Paid answers of each tab (app/result-persistence.ts). */
  results: { name: 'web-data-dashboard', store: 'results' },
  /** Batches: their definitions, cells' states and answers (workspace/runs/batch-store.ts). */
  batches: { name: 'web-data-dashboard-batches', store: 'batches' },
  /** Trackers, their runs and alerts (workspace/trackers/tracker-storage.ts). */
  trackers: { name: 'web-data-dashboard-trackers', store: 'trackers' },
  /** Demo scripts (workspace/demos/demo-store.ts). */
  demos: { name: 'web-data-dashboard-demos', store: 'scripts' },
} as const;

export type DatabaseId = keyof typeof DATABASES;

const stores = new Map<DatabaseId, UseStore>();

/** The idb-keyval store of one of the dashboard's databases (opened on first use). */
export function databaseStore(id: DatabaseId): UseStore {
  let store = stores.get(id);
  if (!store) {
    store = createStore(DATABASES[id].name, DATABASES[id].store);
    stores.set(id, store);
  }
  return store;
}

/** Writers of this page, so a clear drops what they have not written yet. */
const writers = new Set<{ drop: () => void }>();

/**
 * What a page notes in this tab's sessionStorage as it goes, where IndexedDB could not commit in
 * time (workspace/runs/batch-store.ts: cells never sent), is named under this prefix: Clear key
 * removes it with the databases.
 */
export const TAB_NOTE_PREFIX = 'web-data-dashboard.note.';

/** The runner token's place (session/runner-token.ts): held like the key, so cleared with it. */
export const RUNNER_TOKEN_KEY = 'web-data-dashboard.runner-token';

function forgetTabNotes() {
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(TAB_NOTE_PREFIX) || key === RUNNER_TOKEN_KEY)
        sessionStorage.removeItem(key);
  } catch {
    // No sessionStorage: nothing was noted.
  }
}

/**
 * Empties every database of the dashboard: a key was cleared, in this tab or another. What this
 * page's writers still held is dropped first, so nothing from before reaches the storage after.
 */
export async function clearAllDatabases(): Promise<void> {
  for (const writer of writers) writer.drop();
  forgetTabNotes();
  if (typeof indexedDB === 'undefined') return;
  await Promise.all(
    (Object.keys(DATABASES) as DatabaseId[]).map((id) => clear(databaseStore(id)).catch(() => {})),
  );
}

export interface Writer<K extends IDBValidKey> {
  /**
   * Stores the entries with every other entry put in the same task, in one transaction; resolves
   * once that transaction is committed (the records are durable), rejects when the browser
   * refused it. Writes keep their order. An entry whose value is `undefined` deletes its key.
   */
  put: (entries: readonly (readonly [K, unknown])[]) => Promise<void>;
  /** Resolves once everything put so far is written (or refused). */
  flush: () => Promise<void>;
}

/**
 * Writes to one database, coalesced per task: a run starting four requests at once, or three
 * answers arriving together, is one transaction, and nothing waits on a timer (a record that a
 * request left must be durable before it leaves: workspace/runs/lib/engine.ts).
 */
export function createWriter<K extends IDBValidKey>(id: DatabaseId): Writer<K> {
  let pending: (readonly [K, unknown])[] = [];
  let next: Promise<void> | null = null;
  let written: Promise<void> = Promise.resolve();

  const writer = {
    drop: () => {
      pending = [];
    },
  };
  writers.add(writer);

  function put(entries: readonly (readonly [K, unknown])[]): Promise<void> {
    pending.push(...entries);
    next ??= Promise.resolve().then(() => {
      const batch = pending;
      pending = [];
      next = null;
      // IndexedDB runs read-write transactions over one store in the order they were made, so
      // this one need not wait for the one before to commit: writes keep their order.
      const write =
        batch.length === 0
          ? Promise.resolve()
          : databaseStore(id)('readwrite', (store) => {
              for (const [key, value] of batch)
                if (value === undefined) store.delete(key);
                else store.put(value, key);
              return promisifyRequest(store.transaction);
            });
      written = Promise.all([written, write.catch(() => {})]).then(() => {});
      return write;
    });
    return next;
  }

  return {
    put,
    flush: async () => {
      await next?.catch(() => {});
      await written;
    },
  };
}
