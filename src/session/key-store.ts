/**
 * The API key, kept for this tab only: `sessionStorage` survives a reload and
 * dies with the tab. Never localStorage, cookies, the URL or query keys
 * (docs/decisions/004-key-in-session-storage.md).
 */
const STORAGE_KEY = 'web-data-dashboard.api-key';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be disabled by browser settings; the key then lives as long as the page.
    return undefined;
  }
}

let memoryKey: string | null = null;

export function getApiKey(): string | null {
  const s = storage();
  return s ? s.getItem(STORAGE_KEY) : memoryKey;
}

export function setApiKey(key: string | null): void {
  const next = key?.trim() || null;
  if (next === getApiKey()) return;
  memoryKey = next;
  const s = storage();
  if (next === null) s?.removeItem(STORAGE_KEY);
  else s?.setItem(STORAGE_KEY, next);
  listeners.forEach((l) => l());
}

export function subscribeApiKey(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "••••1234": enough to tell keys apart without showing them. */
export function maskedKey(key: string): string {
  return key.length <= 4 ? '••••' : `••••${key.slice(-4)}`;
}
