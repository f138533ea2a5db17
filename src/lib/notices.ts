import { createStore, useStore, type StoreProblem } from './store.ts';

/**
 * What the page must tell the user that no view shows: a browser storage that refused what it
 * was given, or held something that could not be read. Shown in the window's foot until
 * dismissed (app/page-notices.tsx), in words, never only in the console.
 */
export interface Notice {
  id: string;
  text: string;
}

const notices = createStore<readonly Notice[]>([]);

/** Shows `text`, in place of an earlier notice of the same id. */
export function showNotice(id: string, text: string): void {
  // A microtask later: a store may find a problem while a component reads it during a render,
  // when no other component's state may change.
  queueMicrotask(() => {
    const shown = notices.get();
    if (shown.some((n) => n.id === id && n.text === text)) return;
    notices.set([...shown.filter((n) => n.id !== id), { id, text }]);
  });
}

export const dismissNotice = (id: string): void =>
  notices.set(notices.get().filter((n) => n.id !== id));

export const useNotices = (): readonly Notice[] => useStore(notices);

/**
 * A stored store's `onProblem` (lib/store.ts) that tells the user, for the store that holds
 * `what` ("the request history").
 */
export const noticeStoreProblems =
  (key: string, what: string) =>
  (problem: StoreProblem): void => {
    const full = "The browser's storage for this site is full:";
    showNotice(
      `${key}.${problem}`,
      problem === 'dropped'
        ? `The dashboard could not read ${what} stored in this browser (damaged, or saved by an older version), so it starts afresh.`
        : problem === 'shrunk'
          ? `${full} only the newer part of ${what} was kept.`
          : `${full} ${what} is kept for this page only and will not survive a reload.`,
    );
  };
