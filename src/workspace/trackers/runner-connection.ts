import { whenIdle } from '../../lib/next-task.ts';
import { createStore } from '../../lib/store.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { runnerTokenStore, setRunnerToken } from '../../session/runner-token.ts';
import type { TrackerRun } from './lib/run.ts';
import { FIRST_RUN_PAGE, MAX_CELL_PAGE } from './lib/runner-pages.ts';
import type { TrackerWithRuns } from './lib/tracker-file.ts';
import {
  forgetRunnerAhead,
  moveToRunner,
  readRunner,
  readRunPage,
  RunnerError,
  type RunnerView,
} from './runner-client.ts';

export type RunnerState =
  | { status: 'off' }
  | { status: 'reading'; view: RunnerView | null }
  | { status: 'ready'; view: RunnerView }
  | { status: 'error'; message: string; view: RunnerView | null };

/** What the Trackers view knows of the runner: read when a token is entered, and on Refresh. */
export const runnerState = createStore<RunnerState>({ status: 'off' });

/**
 * The open runner tracker's runs read so far (oldest first): the first page, then older pages
 * on demand. `older` runs are not read; `cursor` is where the next page starts.
 */
export interface RunnerRuns {
  trackerId: string;
  runs: TrackerRun[];
  older: number;
  cursor: string | null;
  /**
   * The first page's runs are cut to the target's ranks (decision 107): the runs table and the
   * movers read them; the chart, the SERP diff and the files wait for the whole page.
   */
  cut: boolean;
  loading: boolean;
  error: string | null;
}

export const runnerRuns = createStore<RunnerRuns | null>(null);

/** One keyword × locale's runs on the runner, read for its chart (each run holds that cell only). */
export interface RunnerCellRuns {
  trackerId: string;
  cellId: string;
  /** Oldest first; empty until read. */
  runs: TrackerRun[];
  /** Runs older than those read (past MAX_CELL_PAGE). */
  older: number;
  loading: boolean;
  error: string | null;
}

export const runnerCellRuns = createStore<RunnerCellRuns | null>(null);

/** An older page: a run of a thousand cells is about a MB, so a few at a time. */
export const OLDER_PAGE = 5;

const viewOf = (state: RunnerState) => ('view' in state ? state.view : null);
const messageOf = (error: unknown) =>
  error instanceof RunnerError ? error.message : `The runner could not be read: ${String(error)}`;

/**
 * Reads the runner's trackers and alerts with the held token (nothing when none is held).
 * `reopen`: read the open tracker's newest runs again too (Refresh: a run may have ended since);
 * the first read leaves them to `openRunnerTracker`, which starts beside it, not after it.
 */
export async function refreshRunner({ reopen = true } = {}): Promise<void> {
  const token = runnerTokenStore.get();
  if (!token) return runnerState.set({ status: 'off' });
  runnerState.set({ status: 'reading', view: viewOf(runnerState.get()) });
  try {
    const view = await readRunner(token);
    // A token forgotten meanwhile (Disconnect, Clear key): what it read is not shown.
    if (runnerTokenStore.get() !== token) return;
    runnerState.set({ status: 'ready', view });
    // The open tracker's newest runs again (a run may have ended since).
    const open = runnerRuns.get();
    if (open && reopen) void openRunnerTracker(open.trackerId);
  } catch (error) {
    if (runnerTokenStore.get() === token)
      runnerState.set({ status: 'error', message: messageOf(error), view: null });
  }
}

/** The tracker whose first page is being read: asked again meanwhile, it is not read twice. */
let firstPageOf: string | null = null;

/**
 * Reads the newest runs of a runner's tracker (null: none open). `again: false` (the section
 * opening on it) leaves runs already read or being read for it as they are: a page opened on
 * the tracker read them ahead (readRunnerAhead); Refresh reads them again.
 */
export async function openRunnerTracker(
  trackerId: string | null,
  { again = true } = {},
): Promise<void> {
  const token = runnerTokenStore.get();
  if (!token || trackerId === null) return runnerRuns.set(null);
  if (!again && runnerRuns.get()?.trackerId === trackerId) return;
  // The section's first read and a mount run twice (React's checks) ask for the same page.
  if (firstPageOf === trackerId) return;
  firstPageOf = trackerId;
  try {
    await readFirstPage(token, trackerId);
  } finally {
    if (firstPageOf === trackerId) firstPageOf = null;
  }
}

/**
 * A page opened on a runner's tracker (a reload, a link to `/trackers?runner=…`) with a token
 * held starts the runner's list and the tracker's newest runs as the view's module is evaluated,
 * not after the app's first render and commit (as decision 109 does for a local tracker): at 4×
 * CPU that render is a few hundred milliseconds the reads would wait behind. The section's own
 * first reads then find them under way or done. Resolves once both are in (the view's first
 * render waits for them: trackers-page.tsx).
 */
export async function readRunnerAhead(trackerId: string): Promise<void> {
  if (!runnerTokenStore.get()) return forgetRunnerAhead();
  // The runs first: the runner's database answers one query at a time, in the order asked, and
  // the runs page is the longest of the five answers the first rows wait for (decision 120).
  // Both take what the page's head asked already, if it did (decision 122).
  const runs = openRunnerTracker(trackerId, { again: false });
  const list = refreshRunner({ reopen: false });
  forgetRunnerAhead();
  // Neither throws: each keeps its error in its store, for the section to say.
  await Promise.all([runs, list]);
}

async function readFirstPage(token: string, trackerId: string): Promise<void> {
  const shown = runnerRuns.get();
  const same = shown?.trackerId === trackerId ? shown : null;
  runnerRuns.set({
    trackerId,
    runs: same?.runs ?? [],
    older: same?.older ?? 0,
    cursor: same?.cursor ?? null,
    cut: same?.cut ?? false,
    loading: true,
    error: null,
  });
  try {
    // The first screen from the runs cut to what it shows (a tenth of the bytes), the
    // whole runs once it is painted (decision 107).
    const page = await readRunPage(token, trackerId, { limit: FIRST_RUN_PAGE, cut: true });
    if (runnerRuns.get()?.trackerId !== trackerId) return;
    runnerRuns.set({ trackerId, ...page, cut: true, loading: false, error: null });
    whenIdle(() => void readWholeFirstPage(token, trackerId));
  } catch (error) {
    if (runnerRuns.get()?.trackerId === trackerId)
      runnerRuns.set({ ...runnerRuns.get()!, loading: false, error: messageOf(error) });
  }
}

/** The first page's runs whole, in place of their cut copies (older pages read meanwhile stay). */
async function readWholeFirstPage(token: string, trackerId: string): Promise<void> {
  try {
    const page = await readRunPage(token, trackerId, { limit: FIRST_RUN_PAGE });
    const now = runnerRuns.get();
    if (now?.trackerId !== trackerId || !now.cut || runnerTokenStore.get() !== token) return;
    const whole = new Map(page.runs.map((run) => [run.id, run]));
    runnerRuns.set({ ...now, runs: now.runs.map((run) => whole.get(run.id) ?? run), cut: false });
  } catch (error) {
    const now = runnerRuns.get();
    if (now?.trackerId === trackerId && now.cut)
      runnerRuns.set({ ...now, error: messageOf(error) });
  }
}

/** Reads the page of runs before the oldest one read ("Load older runs"). */
export async function loadOlderRunnerRuns(): Promise<void> {
  const token = runnerTokenStore.get();
  const shown = runnerRuns.get();
  if (!token || !shown || shown.loading || shown.cursor === null) return;
  runnerRuns.set({ ...shown, loading: true, error: null });
  try {
    const page = await readRunPage(token, shown.trackerId, {
      limit: OLDER_PAGE,
      cursor: shown.cursor,
    });
    const now = runnerRuns.get();
    if (now?.trackerId !== shown.trackerId) return;
    // A page read twice (a Refresh meanwhile) adds nothing twice.
    const known = new Set(now.runs.map((r) => r.id));
    runnerRuns.set({
      ...now,
      runs: [...page.runs.filter((r) => !known.has(r.id)), ...now.runs],
      older: page.older,
      cursor: page.cursor,
      loading: false,
    });
  } catch (error) {
    const now = runnerRuns.get();
    if (now?.trackerId === shown.trackerId)
      runnerRuns.set({ ...now, loading: false, error: messageOf(error) });
  }
}

/**
 * Reads one keyword × locale's history for its chart (decision 096): that cell of up to
 * MAX_CELL_PAGE runs (a year of daily runs), not the runs whole. Null closes it.
 */
export async function openRunnerCell(trackerId: string, cellId: string | null): Promise<void> {
  const token = runnerTokenStore.get();
  if (!token || cellId === null) return runnerCellRuns.set(null);
  const asked = { trackerId, cellId };
  const current = () => {
    const now = runnerCellRuns.get();
    return now?.trackerId === trackerId && now.cellId === cellId ? now : null;
  };
  runnerCellRuns.set({ ...asked, runs: [], older: 0, loading: true, error: null });
  try {
    const page = await readRunPage(token, trackerId, { limit: MAX_CELL_PAGE, cellId });
    // Another keyword picked meanwhile: its own read answers for it.
    if (!current()) return;
    runnerCellRuns.set({
      ...asked,
      runs: page.runs,
      older: page.older,
      loading: false,
      error: null,
    });
  } catch (error) {
    if (current())
      runnerCellRuns.set({ ...asked, runs: [], older: 0, loading: false, error: messageOf(error) });
  }
}

/** Holds the token like the API key (sessionStorage, this tab) and reads the runner with it. */
export function connectRunner(token: string): Promise<void> {
  setRunnerToken(token);
  return refreshRunner();
}

export function disconnectRunner(): void {
  setRunnerToken(null);
  forgetRunnerReads();
}

/** What was read with a token goes with it. */
function forgetRunnerReads(): void {
  runnerState.set({ status: 'off' });
  runnerRuns.set(null);
  runnerCellRuns.set(null);
}

/** Sends a tracker and its runs to the runner (never the key), then reads the runner again. */
export async function sendToRunner(entry: TrackerWithRuns): Promise<string | null> {
  const token = runnerTokenStore.get();
  if (!token) return 'Connect to a runner first (its token, above).';
  try {
    await moveToRunner(token, entry);
  } catch (error) {
    return messageOf(error);
  }
  await refreshRunner();
  return null;
}

// Clear key forgets the token (its storage is emptied with the databases), and what was read
// with it goes too; a token forgotten in any way takes the runner's view with it.
resultsClearedAt.subscribe(disconnectRunner);
runnerTokenStore.subscribe(() => {
  if (runnerTokenStore.get()) return;
  forgetRunnerReads();
});
