import { createStoredStore } from '../lib/store.ts';

/**
 * When a key was last cleared in any tab of this browser (ms since the epoch; 0: never). Kept
 * in localStorage, so every tab knows it: stored results fetched before it are never restored
 * nor stored again, whichever tab fetched them and whatever key it holds (decision 041).
 */
export const resultsClearedAt = createStoredStore<number>({
  storage: 'local',
  key: 'web-data-dashboard.results-cleared-at',
  parse: (text) => {
    const at = Number(text ?? 0);
    if (!Number.isFinite(at)) throw new Error('not a time');
    return at;
  },
  serialize: (at) => (at > 0 ? String(at) : null),
});

/** When this tab last cleared its key (0: never), to tell it from another tab's clearing. */
let clearedHere = 0;

/**
 * Clear key in this tab: every tab hears the time (decision 042), and the app shell empties every
 * database (app/forget-on-clear.ts), whether or not the stored results' code has loaded.
 */
export function clearResults(): void {
  clearedHere = Date.now();
  resultsClearedAt.set(clearedHere);
}

/** Whether the last clear was this tab's own. */
export const clearedInThisTab = (): boolean =>
  clearedHere > 0 && resultsClearedAt.get() === clearedHere;
