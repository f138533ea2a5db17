/**
 * Names this tab's stored results without naming the key: a random id kept in
 * `sessionStorage` (so it survives a reload of the tab and dies with it), replaced
 * whenever the key changes. Results stored under an older id are never shown again.
 */
const STORAGE_KEY = 'web-data-dashboard.results-id';

let memoryId: string | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** This tab's id if one was made: without one, this tab has stored nothing. */
export function existingResultsTabId(): string | null {
  const s = storage();
  return (s ? s.getItem(STORAGE_KEY) : memoryId) || null;
}

/** This tab's id for its current key, made on first use. */
export function resultsTabId(): string {
  return existingResultsTabId() ?? renewResultsTabId();
}

/** Forgets the id (a new or cleared key): what was stored under it belongs to the old key. */
export function forgetResultsTabId(): void {
  memoryId = null;
  storage()?.removeItem(STORAGE_KEY);
}

function renewResultsTabId(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not).
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  memoryId = id;
  storage()?.setItem(STORAGE_KEY, id);
  return id;
}
