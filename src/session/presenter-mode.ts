import { useSyncExternalStore } from 'react';

/**
 * Presenter mode, for demos on a shared screen: larger type, the key never shown (not even
 * its last characters) and never revealable. Remembered for the tab (`sessionStorage`), where
 * the prerendered pages' boot script (src/prerender/boot.js) reads it before the app loads.
 */
export const PRESENTER_STORAGE_KEY = 'web-data-dashboard.presenter';

type Listener = () => void;
const listeners = new Set<Listener>();
let memory = false;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function isPresenterMode(): boolean {
  const s = storage();
  return s ? s.getItem(PRESENTER_STORAGE_KEY) === 'on' : memory;
}

export function setPresenterMode(on: boolean): void {
  if (on === isPresenterMode()) return;
  memory = on;
  const s = storage();
  if (on) s?.setItem(PRESENTER_STORAGE_KEY, 'on');
  else s?.removeItem(PRESENTER_STORAGE_KEY);
  listeners.forEach((l) => l());
}

export function subscribePresenterMode(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePresenterMode(): boolean {
  return useSyncExternalStore(subscribePresenterMode, isPresenterMode, () => false);
}
