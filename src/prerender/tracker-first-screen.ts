import { nextUrgentTask } from '../lib/next-task.ts';
import { resultsClearedAt } from '../session/results-cleared.ts';
import {
  firstScreenView,
  paintWhenParsed,
  readFirstScreen,
  runnerFirstScreen,
  unpackFirstScreen,
} from '../workspace/trackers/first-screen-paint.ts';
import { RUNNER_AHEAD_EVENT } from './runner-ahead.ts';

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

/** What the runner-ahead script asked (now, or once it has run: both scripts are `async`). */
function runnerAhead(): Promise<Window['__runnerAhead']> {
  if (window.__runnerAhead !== undefined) return Promise.resolve(window.__runnerAhead);
  return new Promise((resolve) =>
    window.addEventListener(RUNNER_AHEAD_EVENT, () => resolve(window.__runnerAhead), {
      once: true,
    }),
  );
}

/**
 * A runner's tracker (`?runner=ID`, a token held) drawn from the answers the runner-ahead
 * script asked (decisions 122 and 126): read (the tracker from the list, its runs), compute and
 * draw, each a task under 50 ms at 1×.
 */
export async function paintFromRunner(trackerId: string): Promise<void> {
  const ahead = (await runnerAhead())?.firstScreen;
  if (ahead?.trackerId !== trackerId) return;
  const [file, runs] = await Promise.all([ahead.file, ahead.runs]);
  if (file === null || runs === null) return;
  await nextUrgentTask();
  const records = runnerFirstScreen(file, runs, trackerId);
  if (!records) return;
  await nextUrgentTask();
  const view = firstScreenView(records);
  if (!view) return;
  await nextUrgentTask();
  await paintWhenParsed(view);
}

const params = new URLSearchParams(location.search);
const trackerId = params.get('tracker');
const runnerTrackerId = params.get('runner');
if (location.pathname === '/trackers') {
  // The view opens this browser's tracker when both are named (trackers-page.tsx `readAhead`).
  if (trackerId !== null) void paintFromStorage(trackerId);
  else if (runnerTrackerId !== null) void paintFromRunner(runnerTrackerId);
}
