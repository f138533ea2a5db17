/**
 * Whether a tracker of this browser has a cadence: the app shell reads it (a few bytes on the
 * first load) to load the scheduler, and only then (decision 054).
 */
const KEY = 'web-data-dashboard.trackers-scheduled';

export function hasScheduledTrackers(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setScheduledTrackers(scheduled: boolean): void {
  try {
    if (scheduled) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: the schedule then runs only while the Trackers view is open.
  }
}
