import type { EndpointId } from '../../api/endpoints.ts';
import type { OpenSnapshot } from './snapshot-file.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** The snapshot open in this tab, if any: its view shows it in place of a live answer. */
const openSnapshot = createStore<OpenSnapshot | null>(null);

/** Where the open snapshot came from, in the banner's words ("a file", a demo's step). */
const origin = createStore('opened from a file');

export function showSnapshot(snapshot: OpenSnapshot, from = 'opened from a file'): void {
  origin.set(from);
  openSnapshot.set(snapshot);
}
export const closeSnapshot = () => openSnapshot.set(null);
export const useSnapshotOrigin = (): string => useStore(origin);

/** The open snapshot when it belongs to this endpoint's view. */
export function useOpenSnapshot(endpoint: EndpointId): OpenSnapshot | null {
  const snapshot = useStore(openSnapshot);
  return snapshot?.endpoint === endpoint ? snapshot : null;
}
