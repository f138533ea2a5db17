import { RUNNER_TOKEN_KEY } from '../session/browser-databases.ts';

/**
 * A page opened on a runner's tracker (`/trackers?runner=ID`) with a runner token held in this
 * tab asks the runner for that tracker's first screen at once (decision 122): its newest runs
 * cut to the movers (decision 107), then the list's four reads, in the order the view asks them
 * (decision 120). The app's code (four round trips of modules) would ask them only once
 * evaluated; runner-client.ts `call` takes these answers instead of asking again, once each,
 * with the same token only. Only the runner token is sent, in the header the app sends it in:
 * never the API key. The paths must stay the app's own (runner-client.ts `readRunner`,
 * `readRunPage` with FIRST_RUN_PAGE's limit 2).
 *
 * A script of its own, bundled alone and tiny (vite-plugin.ts), so the reads leave as soon as
 * the page's head is parsed; the painter (tracker-first-screen.ts, a bigger script) draws the
 * first screen from `firstScreen`: the list's and the runs page's JSON, each read from a clone
 * of its Response made in the answer's first reaction, so the app reads the Response it takes
 * whole, as it always did (its checks, its schemas, its errors). `paint: false` when the page
 * draws another tracker (this browser's, `?tracker=`, which the view opens then).
 */
export function askRunnerAhead(trackerId: string, { paint = true } = {}): void {
  try {
    // The app already asked (this script came late): its reads are its own.
    if (window.__runnerAhead !== undefined) return;
    const token = sessionStorage.getItem(RUNNER_TOKEN_KEY);
    if (!trackerId || !token) return;
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
    window.__runnerAhead = {
      token,
      answers,
      ...(paint
        ? { firstScreen: { trackerId, file: json(answers[list]!), runs: json(answers[runs]!) } }
        : {}),
    };
    // The painter may have come first and waits for this.
    window.dispatchEvent(new Event(RUNNER_AHEAD_EVENT));
  } catch {
    // Storage or fetch refused: the app asks on its own, as without this.
  }
}

export const RUNNER_AHEAD_EVENT = 'runner-ahead';

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

const params = new URLSearchParams(location.search);
const runnerTrackerId = params.get('runner');
if (location.pathname === '/trackers' && runnerTrackerId !== null)
  // The view opens this browser's tracker when both are named (trackers-page.tsx `readAhead`).
  askRunnerAhead(runnerTrackerId, { paint: params.get('tracker') === null });
