import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import {
  createStore,
  createStoredStore,
  flushStoredStores,
  useStore,
  type Store,
  type StoredOptions,
  type StoreProblem,
} from './store.ts';

const KEY = 'test.store';
const numbers = (options: Pick<StoredOptions<number[]>, 'onProblem' | 'writeEveryMs'> = {}) =>
  createStoredStore<number[]>({
    ...options,
    storage: 'local',
    key: KEY,
    parse: (text) => {
      const value: unknown = text === null ? [] : JSON.parse(text);
      if (!Array.isArray(value)) throw new Error('not a list');
      return value.filter((n): n is number => typeof n === 'number');
    },
    serialize: (list) => (list.length === 0 ? null : JSON.stringify(list)),
    shrink: (list) => list.slice(0, 1),
  });

/** What the browser does when another tab of the app writes `text` (or clears its storage). */
function writeFromAnotherTab(text: string | null, key: string | null = KEY) {
  if (key !== null) {
    if (text === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, text);
  }
  window.dispatchEvent(
    new StorageEvent('storage', { key, newValue: text, storageArea: window.localStorage }),
  );
}

function Shown<T>({ store }: { store: Store<T> }) {
  return <p>{JSON.stringify(useStore(store))}</p>;
}

describe('createStore', () => {
  test('notifies its readers of a change, and of nothing when the value is the same', () => {
    const store = createStore('a');
    const seen: string[] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set('b');
    store.set('b');
    stop();
    store.set('c');
    expect(seen).toEqual(['b']);
  });

  test('a component shows the value and re-renders when it changes', () => {
    const store = createStore(1);
    render(<Shown store={store} />);
    expect(screen.getByText('1')).toBeInTheDocument();
    act(() => store.set(2));
    expect(screen.getByText('2')).toBeInTheDocument();
  });
});

describe('createStoredStore', () => {
  test('keeps its value in the storage, and reads what the storage holds now', () => {
    const store = numbers();
    store.set([1, 2]);
    expect(window.localStorage.getItem(KEY)).toBe('[1,2]');
    window.localStorage.setItem(KEY, '[3]');
    expect(store.get()).toEqual([3]);
    // The same object until the text changes (a stable snapshot for useStore).
    expect(store.get()).toBe(store.get());
    store.set([]);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  test.each(['{not json', '{"a":1}', '"text"'])(
    'drops corrupt stored text (%s) instead of crashing the page',
    (text) => {
      window.localStorage.setItem(KEY, text);
      const store = numbers();
      render(<Shown store={store} />);
      expect(screen.getByText('[]')).toBeInTheDocument();
      expect(window.localStorage.getItem(KEY)).toBeNull();
      act(() => store.set([4]));
      expect(screen.getByText('[4]')).toBeInTheDocument();
    },
  );

  test('a change from another tab re-renders its readers', () => {
    const store = numbers();
    render(<Shown store={store} />);
    act(() => writeFromAnotherTab('[7]'));
    expect(screen.getByText('[7]')).toBeInTheDocument();
  });

  test("another tab clearing its localStorage does not touch this tab's sessionStorage values", () => {
    const key = createStoredStore<string | null>({
      storage: 'session',
      key: 'test.session',
      parse: (text) => text,
      serialize: (value) => value,
    });
    key.set('mine');
    const told = vi.fn();
    key.subscribe(told);
    writeFromAnotherTab(null, null);
    expect(told).not.toHaveBeenCalled();
    expect(key.get()).toBe('mine');
  });

  test('tells of what it dropped, shrank or could keep for the page only', () => {
    const problems: StoreProblem[] = [];
    window.localStorage.setItem(KEY, '{not json');
    const store = numbers({ onProblem: (p) => problems.push(p) });
    store.get();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.set([1, 2]);
    setItem.mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.set([3, 4]);
    expect(problems).toEqual(['dropped', 'shrunk', 'page-only']);
  });

  test('over the quota it stores the smaller value; refused even that, the page keeps it', () => {
    const store = numbers();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.set([1, 2, 3]);
    expect(window.localStorage.getItem(KEY)).toBe('[1]');
    setItem.mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.set([5, 6]);
    expect(store.get()).toEqual([5, 6]);
  });

  test('with writeEveryMs, readers have each value at once and the storage the last one later', () => {
    vi.useFakeTimers();
    try {
      const store = numbers({ writeEveryMs: 1000 });
      render(<Shown store={store} />);
      act(() => store.set([1]));
      act(() => store.set([1, 2]));
      expect(screen.getByText('[1,2]')).toBeInTheDocument();
      expect(window.localStorage.getItem(KEY)).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(window.localStorage.getItem(KEY)).toBe('[1,2]');
      // The value its readers have stays the same object once written (no copy parsed back).
      const written = store.get();
      expect(store.get()).toBe(written);
      // A page being hidden writes what waits at once.
      act(() => store.set([3]));
      window.dispatchEvent(new Event('pagehide'));
      expect(window.localStorage.getItem(KEY)).toBe('[3]');
      act(() => store.set([4]));
      flushStoredStores();
      expect(window.localStorage.getItem(KEY)).toBe('[4]');
    } finally {
      vi.useRealTimers();
    }
  });

  test('without a storage the value lives in the page', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const store = numbers();
    expect(store.get()).toEqual([]);
    store.set([9]);
    expect(store.get()).toEqual([9]);
  });
});
