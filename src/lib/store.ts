import { useExternal } from './use-external.ts';
import { webStorage } from './web-storage.ts';

/**
 * One value that components read with `useStore` and that anything may set: the dashboard's
 * module state (the key, presenter mode, the history, the open snapshot, …). Setting a value
 * equal to the current one notifies nobody.
 */
export interface Store<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** What the store holds before anything is set or stored (the prerender's value too). */
  readonly initial: T;
}

/** A store that lives as long as the page. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export interface StoredOptions<T> {
  storage: 'local' | 'session';
  key: string;
  /**
   * The value of the stored text (null: nothing stored). It may throw on text it cannot read:
   * the entry is then removed and the store holds `parse(null)`, so corrupt data is dropped
   * rather than breaking the page. `parse(null)` itself must not throw.
   */
  parse: (text: string | null) => T;
  /** The text to store; null removes the entry. */
  serialize: (value: T) => string | null;
  /** When the storage refuses the text (over its quota): a smaller value to store instead. */
  shrink?: (value: T) => T;
  /** Told when the stored value could not be read and was dropped, or the storage refused it. */
  onProblem?: (problem: StoreProblem) => void;
  /**
   * Writes at most once per this many ms, for a long text set often (the session's request
   * log, on every request): meanwhile the value is the page's, and it is written at once when
   * the page is hidden or `flushStoredStores` is called.
   */
  writeEveryMs?: number;
}

/** The writes stores put off (`writeEveryMs`), each store's at most once. */
const unwrittenStores = new Set<() => void>();

/** Writes every store's put-off value now (the page is being hidden; a test ends). */
export function flushStoredStores(): void {
  for (const write of [...unwrittenStores]) write();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushStoredStores);

/**
 * `dropped`: the stored text did not read (corrupt, or an older format) and was removed;
 * `shrunk`: the storage was full and took only `shrink(value)`; `page-only`: the storage refused
 * the value, which now lives as long as the page.
 */
export type StoreProblem = 'dropped' | 'shrunk' | 'page-only';

/**
 * A store kept in localStorage or sessionStorage under one key. The storage is the truth
 * while there is one (it may be changed from outside: another tab, a test clearing it), so
 * `get` reads it every time and parses only text it has not seen. Without a storage (node,
 * or a browser that refuses it), or once a write failed, the value lives in the page only.
 * A change made in another tab arrives as a storage event and notifies this tab's readers
 * (lib/shared-list.ts merges two tabs' writes of the same moment).
 */
export function createStoredStore<T>({
  storage: kind,
  key,
  parse,
  serialize,
  shrink,
  onProblem,
  writeEveryMs,
}: StoredOptions<T>): Store<T> {
  const initial = parse(null);
  // Readers are told of a change by a counter of changes: the value itself is in the storage.
  const changes = createStore(0);
  const notify = () => changes.set(changes.get() + 1);
  /** The text of the value when the storage does not hold it (none, or it refused a write). */
  let pageText: string | null = null;
  let pageOnly = false;
  let seen: { text: string | null; value: T } = { text: null, value: initial };

  const storage = () => (pageOnly ? undefined : webStorage(kind));
  const read = (s: Storage | undefined) => {
    try {
      return s ? s.getItem(key) : pageText;
    } catch {
      return pageText;
    }
  };

  function get(): T {
    if (unwritten) return unwritten.value;
    const s = storage();
    const text = read(s);
    if (text === seen.text) return seen.value;
    try {
      seen = { text, value: parse(text) };
    } catch {
      // Corrupt or from an older format: dropped, so the next read starts from nothing.
      if (s) write(s, null);
      seen = { text: read(s), value: initial };
      onProblem?.('dropped');
    }
    return seen.value;
  }

  function write(s: Storage, text: string | null): boolean {
    try {
      if (text === null) s.removeItem(key);
      else s.setItem(key, text);
      return true;
    } catch {
      return false;
    }
  }

  /** Stores the value's text; true when the storage holds something else than before. */
  function save(value: T, text = serialize(value)): boolean {
    const s = storage();
    if (text === read(s)) return false;
    pageText = text;
    if (s && !write(s, text)) {
      // Over the quota: a smaller value if the store has one, else the page keeps the value.
      const smaller = shrink ? serialize(shrink(value)) : undefined;
      if (smaller !== undefined && write(s, smaller)) pageText = smaller;
      else pageOnly = true;
      onProblem?.(pageOnly ? 'page-only' : 'shrunk');
    }
    return true;
  }

  /** A value set but not yet written (`writeEveryMs`): what `get` answers until it is. */
  let unwritten: { value: T } | null = null;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  function writeUnwritten() {
    clearTimeout(writeTimer);
    writeTimer = undefined;
    unwrittenStores.delete(writeUnwritten);
    if (!unwritten) return;
    const { value } = unwritten;
    unwritten = null;
    const text = serialize(value);
    save(value, text);
    // Readers keep the value they were given: its text is not parsed back into a copy.
    if (read(storage()) === text) seen = { text, value };
  }

  function set(value: T) {
    if (writeEveryMs === undefined) {
      if (save(value)) notify();
      return;
    }
    if (Object.is(value, get())) return;
    unwritten = { value };
    unwrittenStores.add(writeUnwritten);
    writeTimer ??= setTimeout(writeUnwritten, writeEveryMs);
    notify();
  }

  // Another tab's change arrives as a storage event (null key: that tab cleared its storage);
  // only one of the same storage (sessionStorage's are this tab's own frames').
  if (typeof window !== 'undefined')
    window.addEventListener('storage', (event) => {
      if (event.storageArea === storage() && (event.key === key || event.key === null)) notify();
    });

  return { initial, get, set, subscribe: changes.subscribe };
}

/** A store's value as React state: the component re-renders when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useExternal(store, (value) => value);
}
