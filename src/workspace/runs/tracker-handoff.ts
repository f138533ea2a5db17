/**
 * What Save as tracker on a batch hands to /trackers: the stored batch whose answers become the
 * tracker's first run, and the name typed. It travels in the navigation's state (as Send to batch
 * does), so the batch view never imports the trackers and a link cannot make a tracker.
 */
export interface TrackerHandoff {
  batchId: string;
  name: string;
}

export const trackerHandoffState = (handoff: TrackerHandoff) => ({ trackerFromBatch: handoff });

/** The handoff in a navigation's state, checked (history can hold anything). */
export function readTrackerHandoff(state: unknown): TrackerHandoff | null {
  const h = (state as { trackerFromBatch?: Partial<TrackerHandoff> } | null)?.trackerFromBatch;
  return h && typeof h.batchId === 'string' && typeof h.name === 'string'
    ? { batchId: h.batchId, name: h.name }
    : null;
}
