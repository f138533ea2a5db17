import { nextUrgentTask } from '../lib/next-task.ts';
import { resultsClearedAt } from '../session/results-cleared.ts';
import {
  firstScreenView,
  paintWhenParsed,
  readFirstScreen,
  unpackFirstScreen,
} from '../workspace/trackers/first-screen-paint.ts';
import { askRunnerAhead } from './runner-ahead.ts';

/**
 * The Trackers view's page, opened on a tracker (`?tracker=ID`), draws that tracker's first
 * screen from storage into its static copy (decision 126): bundled on its own into one small
 * script of that page's head (vite-plugin.ts), `async`, so the page's first paint never waits
 * for it. Its read starts at once; it draws once the copy is parsed. Read, unpack, compute and
 * draw are four tasks, each under 50 ms at 1× CPU on a 1,000-cell tracker (one was 53–93 ms),
 * run ahead of the app's module (nextUrgentTask), so the first row is not later for it.
 */
async function paintFromStorage(trackerId: string): Promise<void> {
  const stored = await readFirstScreen(trackerId, resultsClearedAt.get());
  if (!stored) return;
  await nextUrgentTask();
  const records = unpackFirstScreen(stored);
  await nextUrgentTask();
  const view = firstScreenView(records);
  if (!view) return;
  await nextUrgentTask();
  await paintWhenParsed(view);
}

// A runner's tracker (`?runner=ID`, a token held) asks the runner and is drawn from its answers
// (runner-ahead.ts, decisions 122 and 126). One script for both: the painter is most of it.
const params = new URLSearchParams(location.search);
const trackerId = params.get('tracker');
const runnerTrackerId = params.get('runner');
if (location.pathname === '/trackers') {
  // The view opens this browser's tracker when both are named (trackers-page.tsx `readAhead`).
  if (runnerTrackerId !== null) void askRunnerAhead(runnerTrackerId, { paint: trackerId === null });
  if (trackerId !== null) void paintFromStorage(trackerId);
}
