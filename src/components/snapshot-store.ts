import { useSyncExternalStore } from 'react';
import type { EndpointId } from '../api/endpoints.ts';
import type { OpenSnapshot } from '../api/snapshot.ts';

/** The snapshot open in this tab, if any: its view shows it in place of a live answer. */
let current: OpenSnapshot | null = null;
const listeners = new Set<() => void>();

export function showSnapshot(snapshot: OpenSnapshot): void {
  current = snapshot;
  listeners.forEach((l) => l());
}

export function closeSnapshot(): void {
  if (current === null) return;
  current = null;
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The open snapshot when it belongs to this endpoint's view. */
export function useOpenSnapshot(endpoint: EndpointId): OpenSnapshot | null {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return snapshot?.endpoint === endpoint ? snapshot : null;
}
