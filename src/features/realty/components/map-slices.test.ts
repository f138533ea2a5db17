import '../../../../test/leaflet-env.ts';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eachInSlices } from '../../../lib/next-task.ts';
import { eachInSlicesOnMap, makeCanvasAhead, reportMoves } from './map-slices.ts';

/**
 * A map on the page, as the view's is, with layers to add a slice at a time as the basemap adds
 * its outlines: straight to the map, each in a pane of its own with its own renderer.
 */
function mapAndLayers() {
  const container = document.createElement('div');
  document.body.append(container);
  const map = L.map(container, { preferCanvas: true }).setView([47.6, -122.3], 10);
  map.createPane('basemap');
  const layers = Array.from({ length: 50 }, (_, i) =>
    L.polyline(
      [
        [47.6 + i / 1000, -122.3],
        [47.7, -122.2],
      ],
      { pane: 'basemap', renderer: L.svg({ pane: 'basemap' }) },
    ),
  );
  return { map, layers };
}

describe('drawing on a map a slice at a time', () => {
  afterEach(() => vi.useRealTimers());

  it('stops when the map is removed before the view’s effects are cleaned up', () => {
    vi.useFakeTimers();
    const { map, layers } = mapAndLayers();
    const done = vi.fn();
    eachInSlicesOnMap(map, layers, (layer) => layer.addTo(map), done);
    map.remove();
    expect(() => vi.runAllTimers()).not.toThrow();
    expect(done).not.toHaveBeenCalled();
    // The layers' own cleanup, after the map went, is harmless too.
    expect(() => layers.forEach((layer) => layer.remove())).not.toThrow();
  });

  it('without the map’s unload, a slice adds to a map without panes (the crash it prevents)', () => {
    vi.useFakeTimers();
    const { map, layers } = mapAndLayers();
    eachInSlices(layers, (layer) => layer.addTo(map));
    map.remove();
    expect(() => vi.runAllTimers()).toThrow(/appendChild/);
  });

  it('draws everything and reports the end while the map stays', () => {
    vi.useFakeTimers();
    const { map, layers } = mapAndLayers();
    const done = vi.fn();
    eachInSlicesOnMap(map, layers, (layer) => layer.addTo(map), done);
    vi.runAllTimers();
    expect(layers.every((layer) => map.hasLayer(layer))).toBe(true);
    expect(done).toHaveBeenCalledOnce();
    map.remove();
  });

  it('makes the canvas ahead on a map that stays, and not on one removed first (the tour’s crash)', () => {
    vi.useFakeTimers();
    const staying = mapAndLayers().map;
    makeCanvasAhead(staying);
    expect(staying.getContainer().querySelector('canvas')).toBeNull(); // not in the caller's task
    vi.runAllTimers();
    expect(staying.getContainer().querySelector('canvas')).not.toBeNull();
    staying.remove();

    const removed = mapAndLayers().map;
    makeCanvasAhead(removed);
    removed.remove();
    expect(() => vi.runAllTimers()).not.toThrow();
  });

  it('reports a move where the map is, and nothing for a pan stopped by the map’s removal', async () => {
    const staying = mapAndLayers().map;
    const seen = vi.fn();
    reportMoves(staying, seen);
    staying.setView([47.7, -122.2], 11, { animate: false });
    await Promise.resolve();
    expect(seen).toHaveBeenCalledWith({ lat: 47.7, lng: -122.2, zoom: 11 });
    staying.remove();

    // Leaflet fires moveend inside remove() as it stops the pan; the centre is read after it.
    const removed = mapAndLayers().map;
    const late = vi.fn();
    reportMoves(removed, late);
    removed.panBy([200, 0], { animate: true, duration: 1 });
    removed.remove();
    await Promise.resolve();
    expect(late).not.toHaveBeenCalled();
  });
});
