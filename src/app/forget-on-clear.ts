import { resultsClearedAt } from '../session/results-cleared.ts';

/**
 * Clear key forgets everything this browser stored for the dashboard, in every tab: a key cleared
 * here or in another tab (the time is in localStorage, so each tab hears of it) empties every
 * database by name (session/browser-databases.ts), whichever views this page had loaded. The app
 * shell holds it, so a page that never opened /trackers still forgets the trackers. Each store's
 * reads drop what was stored before the clear too (a tab that was closed meanwhile wrote nothing
 * since, and one that is open stops its runs: decision 060).
 */
export function forgetOnClear(): () => void {
  // Loaded when a key is cleared, not with the shell: the first paint does without IndexedDB.
  return resultsClearedAt.subscribe(
    () =>
      void import('../session/browser-databases.ts').then(({ clearAllDatabases }) =>
        clearAllDatabases(),
      ),
  );
}
