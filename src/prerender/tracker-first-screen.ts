import { nextUrgentTask } from '../lib/next-task.ts';
import { resultsClearedAt } from '../session/results-cleared.ts';
import {
  firstScreenView,
  paintFirstScreen,
  readFirstScreen,
  unpackFirstScreen,
} from '../workspace/trackers/first-screen-paint.ts';

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
  if (document.readyState === 'loading')
    await new Promise((parsed) => document.addEventListener('DOMContentLoaded', parsed));
  const root = document.getElementById('root');
  if (root) paintFirstScreen(root, view);
}

const trackerId = new URLSearchParams(location.search).get('tracker');
if (location.pathname === '/trackers' && trackerId !== null) void paintFromStorage(trackerId);
