import { clearAllDatabases } from '../session/browser-databases.ts';
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
  return resultsClearedAt.subscribe(() => void clearAllDatabases());
}
