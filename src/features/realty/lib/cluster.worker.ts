import { clusterTrees, type ClusterTrees } from './cluster.ts';

/**
 * Builds a cluster index off the page's thread (issue 41, point 2; decision 125): for 10,000
 * listings supercluster's `load` was the page's longest task after Run (186 ms, 79 ms of CPU).
 * The page sends the points' coordinates and gets the index's arrays back, moved, and puts the
 * index together around its own points (cluster.ts `clusterIndexOf`): every query stays on the
 * page, synchronous, as before.
 */
export interface ToClusterWorker {
  id: number;
  lngLat: Float64Array<ArrayBuffer>;
}

export type FromClusterWorker = { id: number } & (
  | { built: ClusterTrees }
  /** The index could not be built here: the page builds it itself. */
  | { failed: string }
);

const scope = globalThis as unknown as {
  postMessage: (message: FromClusterWorker, transfer?: Transferable[]) => void;
  onmessage: ((e: MessageEvent<ToClusterWorker>) => void) | null;
};

scope.onmessage = ({ data: { id, lngLat } }) => {
  try {
    const built = clusterTrees(lngLat);
    // A tree shared by several levels is one buffer: each is moved once.
    const buffers = new Set<ArrayBuffer>([built.coords.buffer]);
    for (const t of built.trees) buffers.add(t.kdbush).add(t.data.buffer);
    scope.postMessage({ id, built }, [...buffers]);
  } catch (e) {
    scope.postMessage({ id, failed: String(e) });
  }
};
