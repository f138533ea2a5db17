import { createStoredStore, type Store, type StoredOptions } from './store.ts';
import { webStorage } from './web-storage.ts';
import { isRecord } from './is-record.ts';

/**
 * A list that every tab of the app keeps in one localStorage entry (the request history, the
 * webhook jobs), with what lets two tabs' writes of the same moment be merged: items by id, and a mark for each item removed, so a tab that had not yet seen a
 * removal does not bring the item back. Both sit in one JSON array, items first: a mark has no
 * field an item needs, so a reader that knows only items skips the marks.
 */
export interface SharedList<T> {
  /** Newest first; equal times by id, so every tab orders them alike. */
  items: readonly T[];
  /** Newest first, at most {@link MAX_REMOVALS}. */
  removals: readonly Removal[];
}

export interface Removal {
  removed: string;
  /** When (ms since the epoch): the oldest marks go first. */
  at: number;
}

export interface SharedListRules<T> {
  isItem: (value: unknown) => value is T;
  id: (item: T) => string;
  /** What orders the list, newest first. */
  time: (item: T) => number;
  /** Of two versions of one item (changed in two tabs), the one to keep: the same either way round. */
  pick?: (a: T, b: T) => T;
  /** The items kept, from all of them newest first (a cap). */
  cap: (items: T[]) => T[];
}

/**
 * Marks outlive their item by far: they matter only while a tab may write without having seen
 * the removal (the few milliseconds localStorage takes to reach the other tabs).
 */
export const MAX_REMOVALS = 500;

const EMPTY_LIST: SharedList<never> = { items: [], removals: [] };

const isRemoval = (value: unknown): value is Removal =>
  isRecord(value) && typeof value.removed === 'string' && typeof value.at === 'number';

/** The list in stored text (null: none). Throws on text that is not a list, which is then dropped. */
export function readSharedList<T>(text: string | null, rules: SharedListRules<T>): SharedList<T> {
  if (text === null) return EMPTY_LIST;
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error('not a list');
  // Anything else in it (an entry of an older format) is skipped, not the whole list.
  return { items: value.filter(rules.isItem), removals: value.filter(isRemoval) };
}

export const writeSharedList = <T>(list: SharedList<T>): string | null =>
  list.items.length + list.removals.length === 0
    ? null
    : JSON.stringify([...list.items, ...list.removals]);

const byTimeThenId =
  <T>(time: (x: T) => number, id: (x: T) => string) =>
  (a: T, b: T) =>
    time(b) - time(a) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
const markOrder = byTimeThenId<Removal>(
  (r) => r.at,
  (r) => r.removed,
);

/** The list in its one order, capped, without removed items. */
export function tidy<T>(list: SharedList<T>, rules: SharedListRules<T>): SharedList<T> {
  // One mark per item, the newest of them.
  const marks = new Map<string, Removal>();
  for (const mark of list.removals) {
    const known = marks.get(mark.removed);
    if (!known || mark.at > known.at) marks.set(mark.removed, mark);
  }
  const items = new Map<string, T>();
  for (const item of list.items) {
    const id = rules.id(item);
    if (marks.has(id)) continue;
    const other = items.get(id);
    items.set(id, other === undefined ? item : (rules.pick?.(other, item) ?? other));
  }
  return {
    items: rules.cap([...items.values()].sort(byTimeThenId(rules.time, rules.id))),
    removals: [...marks.values()].sort(markOrder).slice(0, MAX_REMOVALS),
  };
}

/** Both tabs' items and removals: the same list whichever tab merges. */
export const mergeSharedLists = <T>(
  mine: SharedList<T>,
  theirs: SharedList<T>,
  rules: SharedListRules<T>,
): SharedList<T> =>
  tidy(
    { items: [...mine.items, ...theirs.items], removals: [...mine.removals, ...theirs.removals] },
    rules,
  );

/** The list without these items, each leaving its mark. */
export const removeFromList = <T>(
  list: SharedList<T>,
  ids: readonly string[],
  rules: SharedListRules<T>,
  at = Date.now(),
): SharedList<T> =>
  tidy(
    { items: list.items, removals: [...ids.map((removed) => ({ removed, at })), ...list.removals] },
    rules,
  );

export interface SharedListStoreOptions<T>
  extends SharedListRules<T>, Pick<StoredOptions<SharedList<T>>, 'key' | 'shrink' | 'onProblem'> {}

/**
 * A shared list as a stored store (lib/store.ts, in localStorage) whose writes are merged with
 * another tab's of the same moment. localStorage keeps the last write, and a tab may write
 * before it has seen another tab's: that tab's write then lacks this tab's, and this tab, told
 * of it by a storage event, writes both back. The merge is the same whichever tab does it, so
 * the other tab, told in turn, finds nothing of its own missing and writes nothing. Storage
 * events come late (after the tab's copy of the storage already holds later writes), so the
 * write-back also holds what storage holds by then, and this tab keeps merging its writes into
 * the next until the other tab's write is seen to hold them (decision 041).
 */
export function createSharedListStore<T>({
  key,
  shrink,
  onProblem,
  ...rules
}: SharedListStoreOptions<T>): Store<SharedList<T>> {
  const store = createStoredStore<SharedList<T>>({
    storage: 'local',
    key,
    parse: (text) => readSharedList(text, rules),
    serialize: writeSharedList,
    shrink,
    onProblem,
  });
  /**
   * What this tab wrote that no write of the other tab has yet been seen to hold. Not only the
   * last write: a storage event comes late, so the other tab may merge with an older write of
   * this tab (or write before it saw any) and overwrite a newer one; this tab's next change, made
   * on what storage then holds, would lack what that newer write added.
   */
  let unconfirmed: SharedList<T> | undefined;
  const holds = (list: SharedList<T>, part: SharedList<T>) =>
    writeSharedList(mergeSharedLists(part, list, rules)) === writeSharedList(list);
  const set = (list: SharedList<T>) => {
    // A change made on a list that still holds this tab's writes supersedes them (an unstar in
    // the same ms as the star stands), and so does one made after the entry was removed (the
    // removal stands); one made on a list the other tab overwrote is merged with them.
    const now = store.get();
    const next =
      unconfirmed === undefined || writeSharedList(now) === null || holds(now, unconfirmed)
        ? list
        : mergeSharedLists(unconfirmed, list, rules);
    unconfirmed = next;
    store.set(next);
  };
  if (typeof window !== 'undefined')
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== webStorage('local') || (event.key !== key && event.key !== null))
        return;
      const mine = unconfirmed;
      if (mine === undefined) return;
      // What storage holds now: newer than the event when writes came after it (events are late).
      const now = store.get();
      // A removal (the other tab cleared its storage, or dropped what it could not read) stands.
      if (event.newValue === null || writeSharedList(now) === null) {
        unconfirmed = undefined;
        return;
      }
      let theirs: SharedList<T>;
      try {
        theirs = readSharedList(event.newValue, rules);
      } catch {
        return;
      }
      const merged = mergeSharedLists(mergeSharedLists(mine, theirs, rules), now, rules);
      if (writeSharedList(merged) !== writeSharedList(now)) set(merged);
      // Their write holds all of this tab's: the other tab has seen them and keeps them.
      else if (holds(theirs, mine)) unconfirmed = undefined;
    });
  return { ...store, set };
}
