import { createStoredStore, useStore } from '../../lib/store.ts';
import type { Params } from '../../api/params.ts';

/**
 * The request history: every request the dashboard sent, kept in this browser
 * (`localStorage`) so it outlives the tab. Parameters only, never the key: entries are
 * built from query keys and error titles, which never hold it.
 */
const STORAGE_KEY = 'web-data-dashboard.history';
/** The newest this many entries are kept; the oldest unstarred ones go first. */
export const HISTORY_CAP = 500;

export type HistoryStatus = 'ok' | 'error' | 'cancelled';

export interface HistoryEntry {
  id: string;
  /** The catalogue id of the endpoint (its view). */
  endpoint: string;
  params: Params;
  /** When the request was sent (ms since the epoch). */
  at: number;
  durationMs: number;
  status: HistoryStatus;
  /** The HTTP status when there was one. */
  httpStatus?: number;
  /** What went wrong, in a few words (an error's title). */
  error?: string;
  /** Credits spent: 0 when none were, null when unknown (unpublished cost, or unknown whether charged). */
  credits: number | null;
  /** How many results the answer held, when it is a list. */
  results: number | null;
  starred: boolean;
  /** A batch (workspace/batch) is one entry for all its requests: its id and how many cells it has. */
  batch?: { id: string; cells: number };
}

const isEntry = (value: unknown): value is HistoryEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HistoryEntry).id === 'string' &&
  typeof (value as HistoryEntry).endpoint === 'string' &&
  typeof (value as HistoryEntry).at === 'number' &&
  typeof (value as HistoryEntry).params === 'object' &&
  (value as HistoryEntry).params !== null;

/** The entries, newest first; another tab's changes arrive too. */
const historyStore = createStoredStore<HistoryEntry[]>({
  storage: 'local',
  key: STORAGE_KEY,
  parse: (text) => {
    const parsed: unknown = text === null ? [] : JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  },
  serialize: (entries) => JSON.stringify(entries),
  // Over the storage quota: keep the newer half rather than nothing.
  shrink: (entries) => entries.slice(0, Math.ceil(entries.length / 2)),
});

const getHistory = historyStore.get;
/** The request history, newest first, re-rendering when it changes (in this tab or another). */
export const useHistory = (): HistoryEntry[] => useStore(historyStore);
const write = historyStore.set;

/** Keeps at most `cap` entries: the oldest unstarred are dropped first. */
export function capEntries(entries: HistoryEntry[], cap = HISTORY_CAP): HistoryEntry[] {
  if (entries.length <= cap) return entries;
  let excess = entries.length - cap;
  const dropped = new Set<string>();
  for (const pass of [false, true]) {
    for (let i = entries.length - 1; i >= 0 && excess > 0; i--) {
      const e = entries[i]!;
      if (e.starred !== pass || dropped.has(e.id)) continue;
      dropped.add(e.id);
      excess--;
    }
  }
  return entries.filter((e) => !dropped.has(e.id));
}

export function addHistoryEntry(entry: Omit<HistoryEntry, 'id' | 'starred'>): void {
  const id = `${entry.at.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  write(capEntries([{ ...entry, id, starred: false }, ...getHistory()]));
}

/** Adds a batch's entry, or updates it in place (keeping its star) as the batch goes on. */
export function putBatchEntry(
  entry: Omit<HistoryEntry, 'id' | 'starred'> & { batch: { id: string } },
): void {
  const entries = getHistory();
  const old = entries.find((e) => e.batch?.id === entry.batch.id);
  if (!old) return addHistoryEntry(entry);
  write(entries.map((e) => (e === old ? { ...entry, id: old.id, starred: old.starred } : e)));
}

export function toggleHistoryStar(id: string): void {
  write(getHistory().map((e) => (e.id === id ? { ...e, starred: !e.starred } : e)));
}

export function deleteHistoryEntry(id: string): void {
  write(getHistory().filter((e) => e.id !== id));
}

export function clearHistory(): void {
  write([]);
}
