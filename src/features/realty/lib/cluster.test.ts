import { describe, expect, test } from 'vitest';
import {
  buildClusterIndex,
  clusterIndexOf,
  clustersInView,
  clusterTrees,
  isCluster,
  lngLatOf,
  toBBox,
  toPointFeatures,
  type ClusterIndex,
} from './cluster.ts';
import { toHomes } from './home.ts';

const homes = toHomes([
  { rpid: 'a', latLong: { latitude: 47.6, longitude: -122.3 } },
  { rpid: 'b', isUndisclosedAddress: true },
  { rpid: 'c', latLong: { latitude: 47.61, longitude: -122.31 } },
  { rpid: 'd', latLong: { latitude: 47.62, longitude: -122.32 } },
  { rpid: 'e', latLong: { latitude: 30.2, longitude: -97.7 } },
]);

describe('clustering input', () => {
  test('is one GeoJSON point per placed listing, longitude first, pointing back into the array', () => {
    const points = toPointFeatures(homes);
    expect(points).toHaveLength(4);
    expect(points[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-122.3, 47.6] },
      properties: { i: 0 },
    });
    expect(points.map((p) => homes[p.properties.i]!.key)).toEqual(['a', 'c', 'd', 'e']);
  });

  test('clusters nearby listings when zoomed out and accounts for every point', () => {
    const index = buildClusterIndex(homes);
    const items = clustersInView(index, [-180, -85, 180, 85], 3);
    const total = items.reduce((s, f) => s + (isCluster(f) ? f.properties.point_count : 1), 0);
    expect(total).toBe(4);
    expect(items.some(isCluster)).toBe(true);
    expect(clustersInView(index, [-180, -85, 180, 85], 16).filter(isCluster)).toEqual([]);
  });

  test('clamps a map view that wraps around the world', () => {
    expect(toBBox(-400, -100, 400, 100)).toEqual([-180, -90, 180, 90]);
    expect(toBBox(-123, 47, -122, 48)).toEqual([-123, 47, -122, 48]);
  });
});

describe('an index built in the worker (decision 125)', () => {
  // 3,000 listings around two cities (a few without a position), from a fixed seed.
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const many = toHomes(
    Array.from({ length: 3000 }, (_, k) => ({
      rpid: `h${k}`,
      ...(k % 97 === 5
        ? {}
        : {
            latLong:
              k % 3 === 0
                ? { latitude: 40.6 + random() * 0.3, longitude: -74.1 + random() * 0.4 }
                : { latitude: 33.8 + random() * 0.5, longitude: -118.6 + random() * 0.8 },
          }),
    })),
  );
  const points = toPointFeatures(many);
  const here = buildClusterIndex(many);
  // As the worker sends it: its arrays moved, through a structured clone.
  const built = clusterTrees(lngLatOf(points));
  const buffers = new Set<ArrayBuffer>([built.coords.buffer]);
  for (const t of built.trees) buffers.add(t.kdbush).add(t.data.buffer);
  const there = clusterIndexOf(structuredClone(built, { transfer: [...buffers] }), points);

  const listingsOf = (index: ClusterIndex, id: number) =>
    index
      .getLeaves(id, Infinity)
      .map((leaf) => many[leaf.properties.i]!.key)
      .sort();

  test('shows the same bubbles and listings at every zoom, each bubble the same listings and zoom on click', () => {
    let bubbles = 0;
    for (let zoom = 2; zoom <= 16; zoom++) {
      for (const bbox of [
        [-180, -85, 180, 85],
        [-118.5, 33.9, -118.2, 34.1],
      ] as [number, number, number, number][]) {
        const seen = clustersInView(there, bbox, zoom);
        expect(seen).toEqual(clustersInView(here, bbox, zoom));
        for (const item of seen.filter(isCluster)) {
          const id = item.properties.cluster_id;
          expect(listingsOf(there, id)).toEqual(listingsOf(here, id));
          expect(there.getClusterExpansionZoom(id)).toBe(here.getClusterExpansionZoom(id));
          bubbles++;
        }
      }
    }
    expect(bubbles).toBeGreaterThan(100);
  });
});
