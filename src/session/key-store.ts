import { createStoredStore } from '../lib/store.ts';

/**
 * The API key, kept for this tab only: `sessionStorage` survives a reload and
 * dies with the tab. Never localStorage, cookies, the URL or query keys
 * (docs/decisions/004-key-in-session-storage.md). Where storage is disabled, the key
 * lives as long as the page.
 */
export const apiKeyStore = createStoredStore<string | null>({
  storage: 'session',
  key: 'web-data-dashboard.api-key',
  parse: (text) => text || null,
  serialize: (key) => key,
});

export const getApiKey = apiKeyStore.get;
export const subscribeApiKey = apiKeyStore.subscribe;

export function setApiKey(key: string | null): void {
  apiKeyStore.set(key?.trim() || null);
}

/** "••••1234": enough to tell keys apart without showing them. */
export function maskedKey(key: string): string {
  return key.length <= 4 ? '••••' : `••••${key.slice(-4)}`;
}
