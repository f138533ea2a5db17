import {
  buildClusterIndex,
  clusterIndexOf,
  lngLatOf,
  toPointFeatures,
  type ClusterIndex,
} from './cluster.ts';
import type { FromClusterWorker, ToClusterWorker } from './cluster.worker.ts';
import type { Home } from './home.ts';

/**
 * From this many listings the cluster index is built in a worker (cluster.worker.ts): below it
 * the page builds it in a few ms, less than a worker's round trip (the /realty page's 467
 * listings stay here). Where there is no Worker (jsdom in the tests), or it failed to load,
 * the page builds every index itself, as before.
 */
export const OFF_PAGE_FROM_HOMES = 2000;

let worker: Worker | null = null;
let broken = false;
let nextId = 0;
/** Builds asked of the worker, by id: each gets the worker's answer, or null when it died. */
const waiting = new Map<number, (reply: FromClusterWorker | null) => void>();

export const buildsOffPage = (homes: readonly Home[]) =>
  homes.length >= OFF_PAGE_FROM_HOMES && typeof Worker !== 'undefined' && !broken;

/** The one worker, started on first need and kept: a view rebuilds its index on each new area. */
function clusterWorker(): Worker | null {
  if (broken || typeof Worker === 'undefined') return null;
  if (worker) return worker;
  const started = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = ({ data }: MessageEvent<FromClusterWorker>) => {
    waiting.get(data.id)?.(data);
    waiting.delete(data.id);
  };
  started.onerror = (e) => {
    e.preventDefault();
    broken = true;
    started.terminate();
    worker = null;
    for (const done of waiting.values()) done(null);
    waiting.clear();
  };
  worker = started;
  return worker;
}

/** Loads the worker's code ahead (the "ahead" stage, ../PIPELINE.md), where it will be used. */
export function prepareClusterWorker(): void {
  if (typeof Worker !== 'undefined') clusterWorker();
}

const building = new WeakMap<readonly Home[], Promise<ClusterIndex>>();

/**
 * The cluster index of `homes`, built in the worker once per array (the map asks a frame
 * before its cluster layer does); built here when the worker cannot.
 */
export function clusterIndexOffPage(homes: readonly Home[]): Promise<ClusterIndex> {
  let index = building.get(homes);
  if (!index) {
    index = build(homes);
    building.set(homes, index);
  }
  return index;
}

function build(homes: readonly Home[]): Promise<ClusterIndex> {
  const to = clusterWorker();
  if (!to) return Promise.resolve().then(() => buildClusterIndex(homes));
  const points = toPointFeatures(homes);
  const lngLat = lngLatOf(points);
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, (reply) =>
      resolve(
        reply && 'built' in reply ? clusterIndexOf(reply.built, points) : buildClusterIndex(homes),
      ),
    );
    to.postMessage({ id, lngLat } satisfies ToClusterWorker, [lngLat.buffer]);
  });
}
