import { createStoredStore } from '../lib/store.ts';

/**
 * Names this tab's stored results without naming the key: a random id kept in
 * `sessionStorage` (so it survives a reload of the tab and dies with it), replaced
 * whenever the key changes. Results stored under an older id are never shown again.
 */
const tabId = createStoredStore<string | null>({
  storage: 'session',
  key: 'web-data-dashboard.results-id',
  parse: (text) => text || null,
  serialize: (id) => id,
});

/** This tab's id if one was made: without one, this tab has stored nothing. */
export const existingResultsTabId = tabId.get;

/** This tab's id for its current key, made on first use. */
export function resultsTabId(): string {
  return tabId.get() ?? renewResultsTabId();
}

/** Forgets the id (a new or cleared key): what was stored under it belongs to the old key. */
export const forgetResultsTabId = () => tabId.set(null);

function renewResultsTabId(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not).
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  tabId.set(id);
  return id;
}
