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

/**
 * Whether the header (and the tab title) show the account's credits in presenter mode: hidden
 * unless the presenter chooses to show them (a customer's screen need not see the balance;
 * issue #40.11). Outside presenter mode they are always shown.
 */
const presenterCredits = createStoredStore({
  storage: 'session',
  key: 'web-data-dashboard.presenter-credits',
  parse: (text) => text === 'shown',
  serialize: (shown) => (shown ? 'shown' : null),
});

export const setPresenterShowsCredits = presenterCredits.set;
export const usePresenterShowsCredits = (): boolean => useStore(presenterCredits);
/** The header shows the credits: always, except in presenter mode unless chosen. */
export function useHeaderShowsCredits(): boolean {
  const presenter = usePresenterMode();
  const shown = usePresenterShowsCredits();
  return !presenter || shown;
}
