import type L from 'leaflet';
import { eachInSlices } from '../../../lib/next-task.ts';

/**
 * {@link eachInSlices} for work that draws on a map: it also stops when the map is removed.
 * The view's map goes with its element (listing-map's MapHost, in the ref cleanup of React's
 * commit), while the layers' effects that stop their slices are cleaned up later (the passive
 * effects of a navigation's commit run in a task of their own). A slice that ran in between
 * added a layer to a map without panes: `reading 'appendChild'` in a layer's onAdd, then
 * `_removePath` in its onRemove, when a demo stepped from Realty to Screenshot (issue #36).
 * Leaflet fires `unload` as the map is removed, before its layers and panes go.
 */
export function eachInSlicesOnMap<T>(
  map: L.Map,
  items: readonly T[],
  work: (item: T, index: number) => void,
  onDone?: () => void,
): () => void {
  const stop = () => {
    stopSlices();
    map.off('unload', stop);
  };
  const stopSlices = eachInSlices(items, work, () => {
    map.off('unload', stop);
    onDone?.();
  });
  map.on('unload', stop);
  return stop;
}
