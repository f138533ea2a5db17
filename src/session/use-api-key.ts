import { useSyncExternalStore } from 'react';
import { getApiKey, subscribeApiKey } from './key-store.ts';

export function useApiKey(): string | null {
  return useSyncExternalStore(subscribeApiKey, getApiKey, () => null);
}
