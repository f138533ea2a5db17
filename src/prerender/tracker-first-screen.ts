import { resultsClearedAt } from '../session/results-cleared.ts';
import {
  firstScreenView,
  paintFirstScreen,
  readFirstScreen,
} from '../workspace/trackers/first-screen-paint.ts';

/**
 * The Trackers view's page, opened on a tracker (`?tracker=ID`), draws that tracker's first
 * screen from storage into its static copy (decision 126): bundled on its own into one small
 * script of that page's head (vite-plugin.ts), `async`, so the page's first paint never waits
 * for it. Its read starts at once; it draws once the copy is parsed.
 */
async function paintFromStorage(trackerId: string): Promise<void> {
  const stored = await readFirstScreen(trackerId, resultsClearedAt.get());
  if (!stored) return;
  // Reading the records, computing a thousand movers and drawing are a task each, not one long
  // one (60 ms together at 1× on a page's cold first load).
  await nextTask();
  const view = firstScreenView(stored);
  if (!view) return;
  await nextTask();
  if (document.readyState === 'loading')
    await new Promise((parsed) => document.addEventListener('DOMContentLoaded', parsed));
  const root = document.getElementById('root');
  if (root) paintFirstScreen(root, view);
}

const nextTask = () => new Promise((next) => setTimeout(next, 0));

const trackerId = new URLSearchParams(location.search).get('tracker');
if (location.pathname === '/trackers' && trackerId !== null) void paintFromStorage(trackerId);
