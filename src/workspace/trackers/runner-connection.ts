import { createStore } from '../../lib/store.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { runnerTokenStore, setRunnerToken } from '../../session/runner-token.ts';
import type { TrackerWithRuns } from './lib/tracker-file.ts';
import { moveToRunner, readRunner, RunnerError, type RunnerView } from './runner-client.ts';

export type RunnerState =
  | { status: 'off' }
  | { status: 'reading'; view: RunnerView | null }
  | { status: 'ready'; view: RunnerView }
  | { status: 'error'; message: string; view: RunnerView | null };

/** What the Trackers view knows of the runner: read when a token is entered, and on Refresh. */
export const runnerState = createStore<RunnerState>({ status: 'off' });

const viewOf = (state: RunnerState) => ('view' in state ? state.view : null);
const messageOf = (error: unknown) =>
  error instanceof RunnerError ? error.message : `The runner could not be read: ${String(error)}`;

/** Reads the runner's trackers and alerts with the held token (nothing when none is held). */
export async function refreshRunner(): Promise<void> {
  const token = runnerTokenStore.get();
  if (!token) return runnerState.set({ status: 'off' });
  runnerState.set({ status: 'reading', view: viewOf(runnerState.get()) });
  try {
    const view = await readRunner(token);
    // A token forgotten meanwhile (Disconnect, Clear key): what it read is not shown.
    if (runnerTokenStore.get() === token) runnerState.set({ status: 'ready', view });
  } catch (error) {
    if (runnerTokenStore.get() === token)
      runnerState.set({ status: 'error', message: messageOf(error), view: null });
  }
}

/** Holds the token like the API key (sessionStorage, this tab) and reads the runner with it. */
export function connectRunner(token: string): Promise<void> {
  setRunnerToken(token);
  return refreshRunner();
}

export function disconnectRunner(): void {
  setRunnerToken(null);
  runnerState.set({ status: 'off' });
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
  if (!runnerTokenStore.get()) runnerState.set({ status: 'off' });
});
