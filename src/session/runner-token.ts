import { createStoredStore } from '../lib/store.ts';
import { RUNNER_TOKEN_KEY } from './browser-databases.ts';

/**
 * The runner token (issue 38), held exactly like the API key (key-store.ts, decision 004): in
 * `sessionStorage` for this tab only, never in a URL, localStorage, cookies or IndexedDB, and
 * forgotten by Clear key (browser-databases.ts empties its place with the tab's notes, whatever
 * views were loaded). Its own module, loaded by the Trackers view: the first paint does without it.
 */
export const runnerTokenStore = createStoredStore<string | null>({
  storage: 'session',
  key: RUNNER_TOKEN_KEY,
  parse: (text) => text || null,
  serialize: (token) => token,
});

export function setRunnerToken(token: string | null): void {
  runnerTokenStore.set(token?.trim() || null);
}
