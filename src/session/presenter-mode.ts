import { createStoredStore, useStore } from '../lib/store.ts';

/**
 * Presenter mode, for demos on a shared screen: larger type, the key never shown (not even
 * its last characters) and never revealable. Remembered for the tab (`sessionStorage`), where
 * the prerendered pages' boot script (src/prerender/boot.js) reads it before the app loads.
 */
export const PRESENTER_STORAGE_KEY = 'web-data-dashboard.presenter';

const presenterMode = createStoredStore({
  storage: 'session',
  key: PRESENTER_STORAGE_KEY,
  parse: (text) => text === 'on',
  serialize: (on) => (on ? 'on' : null),
});

export const setPresenterMode = presenterMode.set;
export const getPresenterMode = presenterMode.get;
export const usePresenterMode = (): boolean => useStore(presenterMode);
