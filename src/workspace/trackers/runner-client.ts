import { readRecord } from '../../lib/file-envelope.ts';
import type { TrackerRun } from './lib/run.ts';
import { serializeTrackers, type TrackerWithRuns } from './lib/tracker-file-write.ts';
import type { RunnerSchedule } from './lib/runner-schedule.ts';
import type { Tracker } from './lib/tracker.ts';
import type { RunSummary, StoredAlert } from './tracker-storage.ts';

/** The header the runner reads its token from (src/runner/http-api.ts: RUNNER_TOKEN_HEADER). */
const TOKEN_HEADER = 'x-runner-token';

/**
 * What reads the runner's answers through their schemas (zod): loaded with the first answer,
 * not with the view, whose first screen (a local tracker's movers) needs none of it.
 */
const fileReader = () => import('./lib/tracker-file.ts');
const schemas = () => import('./lib/tracker-schemas.ts');

/**
 * What the Trackers view shows of a runner: its trackers (without their runs: those come a page
 * at a time, `readRunPage`), each one's last run for the list, and its alerts.
 */
export interface RunnerView {
  trackers: Tracker[];
  lastRuns: ReadonlyMap<string, RunSummary>;
  alerts: StoredAlert[];
  /** Each tracker's schedule as the runner keeps it, by tracker id. */
  schedules: ReadonlyMap<string, RunnerSchedule>;
}

/** A runner that did not answer as one: the message says what happened and what to do. */
export class RunnerError extends Error {}

const NO_RUNNER =
  'No runner answers under /runner/: set RUNNER_URL in .env (the runner’s address, e.g. http://127.0.0.1:8790) and restart the dashboard’s server.';

/**
 * What the prerendered page's head asked the runner for before the app's code was in
 * (src/prerender/runner-ahead.ts, decision 122): each answer by path, with the token it was
 * asked with.
 */
interface RunnerAhead {
  token: string;
  answers: Record<string, Promise<Response> | undefined>;
  /**
   * For the page's boot paint (tracker-first-screen.ts, decision 126): the JSON of the list's
   * and the cut runs page's answers, read from clones, so the app still takes each Response whole.
   */
  firstScreen?: { trackerId: string; file: Promise<unknown>; runs: Promise<unknown> };
}

declare global {
  interface Window {
    __runnerAhead?: RunnerAhead | null;
  }
}

/**
 * The answer the page's head asked for this read, once: only for a read (no body) with the
 * same token. Null when none was asked or it was taken already.
 */
function takeAhead(token: string, path: string, init: RequestInit): Promise<Response> | null {
  const ahead = typeof window === 'undefined' ? undefined : window.__runnerAhead;
  if (!ahead || init.method !== undefined || ahead.token !== token) return null;
  const answer = ahead.answers[path];
  if (!answer) return null;
  delete ahead.answers[path];
  return answer;
}

/**
 * The first screen's reads are asked (runner-connection.ts `readRunnerAhead`): what the page's
 * head asked and nothing took is not kept for a later read, which must see the runner as it is
 * then (a run may have ended since).
 */
export function forgetRunnerAhead(): void {
  if (typeof window !== 'undefined') window.__runnerAhead = null;
}

async function call(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    const ahead = takeAhead(token, path, init);
    res = await (ahead ??
      fetch(`/runner/${path}`, {
        ...init,
        headers: { ...init.headers, [TOKEN_HEADER]: token },
        cache: 'no-store',
      }));
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

const cannotRead = (what: string) =>
  new RunnerError(`The runner sent ${what} this dashboard cannot read.`);

/** The runner's trackers, their last runs, alerts and schedules: reads only, nothing is run or paid. */
export async function readRunner(token: string): Promise<RunnerView> {
  // Four small answers at once; no run's cells among them (a long history is tens of MB).
  const [res, lastRes, alertsRes, schedulesRes] = await Promise.all(
    ['trackers?runs=none', 'last-runs', 'alerts', 'schedules'].map((path) => call(token, path)),
  );
  let trackers: Tracker[] = [];
  if (res!.status !== 204) {
    const read = (await fileReader()).parseTrackers(await res!.text());
    if ('errors' in read)
      throw new RunnerError(
        `The runner sent trackers this dashboard cannot read: ${read.errors[0]}`,
      );
    trackers = read.entries.map((e) => e.tracker);
  }
  const lastRuns = (await lastRes!.json()) as Record<string, RunSummary>;
  const alerts = (await alertsRes!.json()) as RunnerAlert[];
  const schedules = (await schedulesRes!.json()) as RunnerSchedule[];
  return {
    trackers,
    lastRuns: new Map(Object.entries(lastRuns)),
    // The runner delivered its alerts to their channels: here they are history, not news.
    alerts: alerts.map((a) => ({ ...a, cellId: a.cellId ?? '', seen: true })),
    schedules: new Map(schedules.map((s) => [s.id, s])),
  };
}

/** A page of a runner's tracker's runs (src/runner/store.ts `loadRunPage`), read as stored runs. */
export interface RunPage {
  /** Oldest first. */
  runs: TrackerRun[];
  /** Runs older than the page, not read. */
  older: number;
  /** Where the next older page starts; null at the first run. */
  cursor: string | null;
}

/** Which runs a page holds, and how much of each. */
export interface RunPageAsk {
  limit: number;
  /** The page before this one's oldest run (none: the newest, back to the movers' baseline). */
  cursor?: string | null;
  /** Each run carries that keyword × locale's cell alone (its chart: decision 096). */
  cellId?: string | null;
  /** Each answered cell cut to the target's best result: what the runs and movers read (107). */
  cut?: boolean;
}

/**
 * The newest `limit` runs of a runner's tracker (with no cursor: reaching back to its movers'
 * baseline), or the `limit` runs before `cursor`. Each run is read as a stored run is.
 */
export async function readRunPage(
  token: string,
  trackerId: string,
  { limit, cursor = null, cellId = null, cut = false }: RunPageAsk,
): Promise<RunPage> {
  const query = new URLSearchParams({ tracker: trackerId, limit: String(limit) });
  if (cursor !== null) query.set('cursor', cursor);
  if (cellId !== null) query.set('cell', cellId);
  if (cut) query.set('cut', 'movers');
  const page = (await (await call(token, `runs?${query}`)).json()) as Partial<RunPage>;
  if (!Array.isArray(page.runs) || typeof page.older !== 'number') throw cannotRead('runs');
  const { storedRunSchema } = await schemas();
  const runs = page.runs.map((r) => readRecord(storedRunSchema, r));
  if (runs.some((r) => r === undefined)) throw cannotRead('a run');
  return { runs: runs as TrackerRun[], older: page.older, cursor: page.cursor ?? null };
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
