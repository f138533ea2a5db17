import { createStore, useStore } from '../lib/store.ts';

/** Lets any view ask for the key dialog (e.g. Run without a key) without importing the app shell. */
const keyDialogOpen = createStore(false);

export const openKeyDialog = () => keyDialogOpen.set(true);
export const closeKeyDialog = () => keyDialogOpen.set(false);
export const useKeyDialogOpen = (): boolean => useStore(keyDialogOpen);
