import { useSyncExternalStore } from 'react';

/**
 * Whether a view's code has arrived. Work the first paint does not show (recording history,
 * storing results, the shortcuts, the background-requests notice) starts only then, so its
 * chunks never compete with the view's own for the network (decision 022). No request can
 * start before a view is there to send it.
 */
let loaded = false;
const listeners = new Set<() => void>();
let resolveLoaded: () => void = () => undefined;

export const firstViewLoaded = new Promise<void>((resolve) => {
  resolveLoaded = resolve;
});

/** Called by the router when a view's module has loaded. */
export function markViewLoaded(): void {
  if (loaded) return;
  loaded = true;
  resolveLoaded();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useFirstViewLoaded = () => useSyncExternalStore(subscribe, () => loaded);
