import L from 'leaflet';
import { eachInSlices } from '../../../lib/next-task.ts';
import type { MapView } from '../lib/map-view.ts';

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

/**
 * Makes the canvas every dot and bubble is drawn on (the cluster layer's), in a task of its own
 * as soon as the map is on the page, unless the map went first: a demo stepping from Realty
 * to another view removed the map in the commit and the timer made the canvas of a map
 * without panes (`reading '_leaflet_pos'` in getCenter; demo-stress.spec.ts). A map that gets
 * new listings (or waits for a worker's index of thousands, decision 125) then draws them at
 * once: in the map bench, 121 markers drawn in 6–11 ms with the canvas made, 45–67 ms over
 * several slices and frames when the first marker made it (~40 ms to make and size a
 * map-sized canvas). Returns the way to stop.
 */
export function makeCanvasAhead(map: L.Map): () => void {
  return eachInSlicesOnMap(map, [map], (on) => on.getRenderer(L.circleMarker(on.getCenter())));
}

/**
 * Tells `onMoved` where the map is after each move, once React's effects are done (a move can
 * happen inside them: a fit, a listing brought into view, where the page URL's write, flushed at
 * once, may not render), unless the map went first. Leaflet fires `moveend` inside `remove()`
 * when it stops a pan still animating, before `unload`; the report then read the centre of a map
 * without panes (`_leaflet_pos`), the same race as the canvas above. Returns the way to stop.
 */
export function reportMoves(map: L.Map, onMoved: (view: MapView) => void): () => void {
  let removed = false;
  const unload = () => {
    removed = true;
  };
  const moved = () =>
    queueMicrotask(() => {
      if (removed) return;
      const { lat, lng } = map.getCenter();
      onMoved({ lat, lng, zoom: map.getZoom() });
    });
  map.on('moveend', moved);
  map.on('unload', unload);
  return () => {
    map.off('moveend', moved);
    map.off('unload', unload);
  };
}
