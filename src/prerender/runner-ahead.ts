import { nextUrgentTask } from '../lib/next-task.ts';
import { RUNNER_TOKEN_KEY } from '../session/browser-databases.ts';
import {
  firstScreenView,
  paintWhenParsed,
  runnerFirstScreen,
} from '../workspace/trackers/first-screen-paint.ts';

/**
 * A page opened on a runner's tracker (`/trackers?runner=ID`) with a runner token held in this
 * tab asks the runner for that tracker's first screen at once, from the Trackers page's boot
 * script (tracker-first-screen.ts, decision 122): its newest runs cut to the movers (decision
 * 107), then the list's four reads, in the order the view asks them (decision 120). The app's
 * code (four round trips of modules) would ask them only once evaluated; runner-client.ts
 * `call` takes these answers instead of asking again, once each, with the same token only.
 * Only the runner token is sent, in the header the app sends it in: never the API key. The
 * paths must stay the app's own (runner-client.ts `readRunner`, `readRunPage` with
 * FIRST_RUN_PAGE's limit 2).
 *
 * The page then draws the tracker's first screen from two of those answers (decision 126):
 * each read from a clone of its Response, made before anyone reads it, so the app reads the
 * Response it takes whole, as it always did (its checks, its schemas, its errors).
 */
export function askRunnerAhead(trackerId: string, { paint = true } = {}): Promise<void> | null {
  try {
    // The app already asked (this script came late): its reads are its own.
    if (window.__runnerAhead !== undefined) return null;
    const token = sessionStorage.getItem(RUNNER_TOKEN_KEY);
    if (!trackerId || !token) return null;
    const runs = `runs?${new URLSearchParams({ tracker: trackerId, limit: '2', cut: 'movers' })}`;
    const list = 'trackers?runs=none';
    const answers: Record<string, Promise<Response>> = {};
    for (const path of [runs, list, 'last-runs', 'alerts', 'schedules']) {
      const answer = fetch(`/runner/${path}`, {
        headers: { 'x-runner-token': token },
        cache: 'no-store',
      });
      // Not taken (the app read otherwise): no unhandled rejection in the console.
      answer.catch(() => {});
      answers[path] = answer;
    }
    window.__runnerAhead = { token, answers };
    if (!paint) return null;
    return paintFromRunner(trackerId, json(answers[list]!), json(answers[runs]!));
  } catch {
    // Storage or fetch refused: the app asks on its own, as without this.
    return null;
  }
}

/**
 * An answer's JSON read from its clone, or null (refused, not JSON, a 204). The clone is made in
 * the first reaction to the answer, before the app can have taken it and read its body.
 */
const json = (answer: Promise<Response>): Promise<unknown> =>
  answer
    .then((res) => res.clone())
    .then((res) =>
      res.ok && res.headers.get('content-type')?.includes('application/json') ? res.json() : null,
    )
    .catch(() => null);

/** Read (the tracker from the list, its runs), compute and draw: each a task under 50 ms at 1×. */
async function paintFromRunner(
  trackerId: string,
  list: Promise<unknown>,
  page: Promise<unknown>,
): Promise<void> {
  const [file, runs] = await Promise.all([list, page]);
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
