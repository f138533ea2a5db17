import { useSyncExternalStore } from 'react';
import { getHistory, subscribeHistory, type HistoryEntry } from './history-store.ts';

/** The request history, newest first, re-rendering when it changes (in this tab or another). */
const NONE: HistoryEntry[] = [];

export function useHistory(): HistoryEntry[] {
  return useSyncExternalStore(subscribeHistory, getHistory, () => NONE);
}
