import { useSyncExternalStore } from 'react';

/** Lets any view ask for the key dialog (e.g. Run without a key) without importing the app shell. */
let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openKeyDialog(): void {
  open = true;
  emit();
}

export function closeKeyDialog(): void {
  open = false;
  emit();
}

export function useKeyDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
