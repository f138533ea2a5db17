import { describe, expect, test } from 'vitest';
import {
  buildClusterIndex,
  clustersInView,
  isCluster,
  toBBox,
  toPointFeatures,
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
