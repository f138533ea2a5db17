import { useStore } from '../lib/store.ts';
import { historyStore, type HistoryEntry } from './history-store.ts';

/** The request history, newest first, re-rendering when it changes (in this tab or another). */
export const useHistory = (): HistoryEntry[] => useStore(historyStore);
