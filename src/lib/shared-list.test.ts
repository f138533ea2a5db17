import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  createSharedListStore,
  MAX_REMOVALS,
  mergeSharedLists,
  readSharedList,
  writeSharedList,
  type SharedList,
  type SharedListRules,
} from './shared-list.ts';
import { isRecord } from './is-record.ts';

interface Item {
  id: string;
  at: number;
  starred: boolean;
}

const rules: SharedListRules<Item> = {
  isItem: (v): v is Item => isRecord(v) && 'id' in v && 'at' in v,
  id: (i) => i.id,
  time: (i) => i.at,
  pick: (a, b) => (a.starred ? a : b),
  cap: (items) => items.slice(0, 20),
};
const merge = (a: SharedList<Item>, b: SharedList<Item>) => mergeSharedLists(a, b, rules);
const text = writeSharedList;

// Few ids and times, so lists share items and times often. An item's time never changes (an
// entry is sent once); what two tabs may change at once is whether it is starred.
const item = fc
  .record({ id: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')), starred: fc.boolean() })
  .map(({ id, starred }) => ({ id, at: id.charCodeAt(0) % 7, starred }));
const list = fc
  .record({
    items: fc.array(item, { maxLength: 30 }),
    removals: fc.array(
      fc.record({ removed: fc.constantFrom(...'abcdefghij'.split('')), at: fc.integer() }),
      { maxLength: 5 },
    ),
  })
  // A tab's own list is tidy (written through the store): one version of each item.
  .map((l) => merge(l, { items: [], removals: [] }));

describe('shared lists (two tabs writing at once)', () => {
  test('a merge is the same list whichever tab does it, and merging it again changes nothing', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        const ab = merge(a, b);
        expect(text(ab)).toBe(text(merge(b, a)));
        // The other tab, merging its own write with this result, writes nothing back.
        expect(text(merge(b, ab))).toBe(text(ab));
        expect(text(merge(a, ab))).toBe(text(ab));
      }),
    );
  });

  test('keeps every item of both tabs that neither removed (under the cap), and none removed', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        const merged = merge(a, b);
        const removed = new Set([...a.removals, ...b.removals].map((r) => r.removed));
        const ids = new Set(merged.items.map((i) => i.id));
        for (const id of removed) expect(ids.has(id)).toBe(false);
        if (merged.items.length < 20)
          for (const i of [...a.items, ...b.items])
            if (!removed.has(i.id)) expect(ids.has(i.id)).toBe(true);
      }),
    );
  });

  test('the stored text is one array that a reader of items alone can read, and older lists still read', () => {
    const list = readSharedList('[{"id":"a","at":1,"starred":false}]', rules);
    expect(list.items).toHaveLength(1);
    const removed = merge(list, { items: [], removals: [{ removed: 'b', at: 2 }] });
    expect(JSON.parse(text(removed)!)).toEqual([
      { id: 'a', at: 1, starred: false },
      { removed: 'b', at: 2 },
    ]);
    expect(() => readSharedList('{"items":[]}', rules)).toThrow();
  });

  test(`keeps the newest ${MAX_REMOVALS} removal marks`, () => {
    const removals = Array.from({ length: MAX_REMOVALS + 10 }, (_, n) => ({
      removed: `x${n}`,
      at: n,
    }));
    const merged = merge({ items: [], removals }, { items: [], removals: [] });
    expect(merged.removals).toHaveLength(MAX_REMOVALS);
    expect(merged.removals[0]).toEqual({ removed: `x${MAX_REMOVALS + 9}`, at: MAX_REMOVALS + 9 });
  });
});

const KEY = 'test.shared-list';
const anItem = (id: string, at: number): Item => ({ id, at, starred: false });

/** What the browser does when another tab of the app writes `text` (null: removes the entry). */
function writeFromAnotherTab(text: string | null) {
  if (text === null) window.localStorage.removeItem(KEY);
  else window.localStorage.setItem(KEY, text);
  window.dispatchEvent(
    new StorageEvent('storage', { key: KEY, newValue: text, storageArea: window.localStorage }),
  );
}

describe('a shared list store', () => {
  test("another tab's write that lacks this tab's last one is merged, not taken whole", () => {
    const store = createSharedListStore({ ...rules, key: KEY });
    store.set({ items: [anItem('mine', 1)], removals: [] });
    // The other tab wrote before it had seen this tab's write (localStorage keeps the last).
    writeFromAnotherTab(JSON.stringify([anItem('theirs', 2)]));
    expect(store.get().items.map((i) => i.id)).toEqual(['theirs', 'mine']);
    expect(window.localStorage.getItem(KEY)).toContain('mine');
    // Once a write of theirs holds this tab's, theirs stands: here a removal made after it.
    writeFromAnotherTab(window.localStorage.getItem(KEY));
    writeFromAnotherTab(JSON.stringify([anItem('theirs', 2), { removed: 'mine', at: 3 }]));
    expect(store.get().items.map((i) => i.id)).toEqual(['theirs']);
  });

  test('a removal of the whole entry in another tab stands: nothing is merged back into it', () => {
    const store = createSharedListStore({ ...rules, key: KEY });
    store.set({ items: [anItem('mine', 1)], removals: [] });
    writeFromAnotherTab(null);
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(store.get().items).toEqual([]);
  });
});
