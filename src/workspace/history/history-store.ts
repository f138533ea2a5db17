import { noticeStoreProblems } from '../../lib/notices.ts';
import {
  createSharedListStore,
  removeFromList,
  tidy,
  type SharedList,
  type SharedListRules,
} from '../../lib/shared-list.ts';
import { useStore } from '../../lib/store.ts';
import type { Params } from '../../api/params.ts';
import { isRecord } from '../../lib/is-record.ts';

/**
 * The request history: every request the dashboard sent, kept in this browser
 * (`localStorage`) so it outlives the tab, shared by its tabs (two tabs' entries of the same
 * moment are merged, lib/shared-list.ts). Parameters only, never the key: entries are
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
  /** When `starred` last changed: of two tabs' changes, the later one stands. */
  starredAt?: number;
  /** A batch (workspace/batch) is one entry for all its requests: its id and how many cells it has. */
  batch?: { id: string; cells: number };
  /** A tracker's run is one entry too (its `batch.id` is `tracker-run:<run id>`): which tracker. */
  tracker?: { id: string; name: string };
  /**
   * Whether credits were spent: `yes` for an answer or a charged failure, `no`, or `unknown`.
   * With `credits` null and `yes`, the endpoint's measured cost stands for the amount. Absent in
   * entries of older versions (an answer was paid, a failure unknown).
   */
  charged?: 'yes' | 'no' | 'unknown';
}

const isEntry = (value: unknown): value is HistoryEntry =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.endpoint === 'string' &&
  typeof value.at === 'number' &&
  isRecord(value.params);

const rules: SharedListRules<HistoryEntry> = {
  isItem: isEntry,
  id: (e) => e.id,
  time: (e) => e.at,
  pick: (a, b) => {
    const [ta, tb] = [a.starredAt ?? 0, b.starredAt ?? 0];
    // Starred in the same millisecond in two tabs: starred wins, whichever tab merges.
    const star = ta !== tb ? (ta > tb ? a : b) : a.starred ? a : b;
    // A batch's entry is updated as it runs (putBatchEntry): the copy that ran longer is newer.
    const body =
      a.batch && b.batch && a.durationMs !== b.durationMs
        ? a.durationMs > b.durationMs
          ? a
          : b
        : star;
    return { ...body, starred: star.starred, starredAt: star.starredAt };
  },
  cap: capEntries,
};

/** The entries, newest first (by when they were sent); another tab's changes arrive too. */
const historyStore = createSharedListStore({
  ...rules,
  key: STORAGE_KEY,
  // Over the storage quota: keep the newer half rather than nothing.
  shrink: (list) => ({ ...list, items: list.items.slice(0, Math.ceil(list.items.length / 2)) }),
  onProblem: noticeStoreProblems(STORAGE_KEY, 'the request history'),
});

/** The request history, newest first, re-rendering when it changes (in this tab or another). */
export const useHistory = (): readonly HistoryEntry[] => useStore(historyStore).items;
const change = (update: (list: SharedList<HistoryEntry>) => SharedList<HistoryEntry>) =>
  historyStore.set(update(historyStore.get()));

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
  change((list) =>
    tidy({ ...list, items: [{ ...entry, id, starred: false }, ...list.items] }, rules),
  );
}

/** Adds a batch's entry, or updates it in place (keeping its star) as the batch goes on. */
export function putBatchEntry(
  entry: Omit<HistoryEntry, 'id' | 'starred'> & { batch: { id: string } },
): void {
  const old = historyStore.get().items.find((e) => e.batch?.id === entry.batch.id);
  if (!old) return addHistoryEntry(entry);
  change((list) => ({
    ...list,
    items: list.items.map((e) =>
      e.id === old.id ? { ...entry, id: e.id, starred: e.starred, starredAt: e.starredAt } : e,
    ),
  }));
}

export function toggleHistoryStar(id: string): void {
  change((list) => ({
    ...list,
    items: list.items.map((e) =>
      e.id === id ? { ...e, starred: !e.starred, starredAt: Date.now() } : e,
    ),
  }));
}

export function deleteHistoryEntry(id: string): void {
  change((list) => removeFromList(list, [id], rules));
}

/** Removes every entry this tab shows (one another tab adds at the same moment stays). */
export function clearHistory(): void {
  change((list) =>
    removeFromList(
      list,
      list.items.map((e) => e.id),
      rules,
    ),
  );
}
