import { useSyncExternalStore } from 'react';

/**
 * A value kept outside React that says when it changes: a store (lib/store.ts), the query
 * cache, a media query.
 */
export interface External<S> {
  get: () => S;
  subscribe: (onChange: () => void) => () => void;
  /** What a render without a browser reads (a server render); else `get()`. */
  readonly initial?: S;
}

/**
 * The part of an outside value a component reads, as React state: the component renders again
 * when that part changes, compared with Object.is, so `pick` returns a primitive or a part the
 * value keeps (never a new object). With useStore (lib/store.ts), the one way the dashboard
 * subscribes React to anything outside it (issue #34): a store's slice, the query cache, a
 * media query.
 */
export function useExternal<S, T>(source: External<S>, pick: (value: S) => T): T {
  return useSyncExternalStore(
    source.subscribe,
    () => pick(source.get()),
    () => pick('initial' in source ? (source.initial as S) : source.get()),
  );
}
