import { parseTrackers, serializeTrackers, type TrackerWithRuns } from './lib/tracker-file.ts';
import type { RunnerSchedule } from './lib/runner-schedule.ts';
import type { StoredAlert } from './tracker-storage.ts';

/** The header the runner reads its token from (src/runner/http-api.ts: RUNNER_TOKEN_HEADER). */
const TOKEN_HEADER = 'x-runner-token';

/** What the Trackers view shows of a runner: its trackers with their runs, and its alerts. */
export interface RunnerView {
  entries: TrackerWithRuns[];
  alerts: StoredAlert[];
  /** Each tracker's schedule as the runner keeps it, by tracker id. */
  schedules: ReadonlyMap<string, RunnerSchedule>;
}

/** A runner that did not answer as one: the message says what happened and what to do. */
export class RunnerError extends Error {}

const NO_RUNNER =
  'No runner answers under /runner/: set RUNNER_URL in .env (the runner’s address, e.g. http://127.0.0.1:8790) and restart the dashboard’s server.';

async function call(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`/runner/${path}`, {
      ...init,
      headers: { ...init.headers, [TOKEN_HEADER]: token },
      cache: 'no-store',
    });
  } catch {
    throw new RunnerError(
      'The runner cannot be reached (no answer from this dashboard’s server). Check that the dashboard’s server runs, then try again.',
    );
  }
  if (res.status === 401)
    throw new RunnerError(
      'The runner refused this token: enter the RUNNER_TOKEN the runner was started with. Nothing was read or sent.',
    );
  // A proxy in front answers 502/504 (nginx) or an empty 500 (Vite's) when nothing listens at
  // the runner's address; the runner's own failures are a 500 with its message.
  const text = res.ok ? '' : (await res.text()).trim();
  if (res.status >= 502 || (res.status === 500 && !text))
    throw new RunnerError(
      `The runner is not answering (HTTP ${res.status} from the proxy): start it with \`npm run runner\` and RUNNER_TOKEN set, on the port RUNNER_URL (or the nginx RUNNER_UPSTREAM) names.`,
    );
  const type = res.headers.get('content-type') ?? '';
  // Without a proxy the path falls through to the app's own page (HTML), or a 404.
  if (res.status === 404 || type.includes('text/html')) throw new RunnerError(NO_RUNNER);
  if (!res.ok) throw new RunnerError(`The runner answered HTTP ${res.status}: ${text}`);
  return res;
}

type RunnerAlert = Omit<StoredAlert, 'seen' | 'cellId'> & { cellId?: string };

/** The runner's trackers (with every run) and alerts: reads only, nothing is run or paid. */
export async function readRunner(token: string): Promise<RunnerView> {
  const res = await call(token, 'trackers');
  let entries: TrackerWithRuns[] = [];
  if (res.status !== 204) {
    const read = parseTrackers(await res.text());
    if ('errors' in read)
      throw new RunnerError(
        `The runner sent trackers this dashboard cannot read: ${read.errors[0]}`,
      );
    entries = read.entries;
  }
  const alerts = (await (await call(token, 'alerts')).json()) as RunnerAlert[];
  const schedules = (await (await call(token, 'schedules')).json()) as RunnerSchedule[];
  return {
    entries,
    // The runner delivered its alerts to their channels: here they are history, not news.
    alerts: alerts.map((a) => ({ ...a, cellId: a.cellId ?? '', seen: true })),
    schedules: new Map(schedules.map((s) => [s.id, s])),
  };
}

/**
 * Moves a tracker to the runner: its definition and runs as a trackers file, the same file
 * Export writes, which never holds a key. The runner keeps its own settings for it if it had it.
 */
export async function moveToRunner(token: string, entry: TrackerWithRuns): Promise<void> {
  await call(token, 'trackers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: serializeTrackers([entry]),
  });
}
