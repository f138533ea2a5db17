import { createStore, useStore } from '../../lib/store.ts';

/** What the last paste did, until dismissed: the view it filled, or why it filled none. */
export type PasteNotice =
  | { kind: 'opened'; title: string; dropped: readonly string[]; notes: readonly string[] }
  | { kind: 'refused'; reason: string };

const notice = createStore<PasteNotice | null>(null);

export const showPasteNotice = notice.set;
export const dismissPasteNotice = () => notice.set(null);
export const usePasteNotice = (): PasteNotice | null => useStore(notice);
