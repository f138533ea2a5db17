import type { Feature, Point } from 'geojson';
import KDBush from 'kdbush';
import Supercluster from 'supercluster';
import type { Home } from './home.ts';
import { CLUSTER_MIN_POINTS, CLUSTER_RADIUS_PX, MIN_ZOOM, STREET_ZOOM } from '../map-config.ts';

/** What a point carries into the index: its place in the array handed to {@link buildClusterIndex}. */
export interface PointProps {
  i: number;
}

export interface ClusterProps {
  cluster: true;
  cluster_id: number;
  point_count: number;
}

export type PointFeature = Feature<Point, PointProps>;
export type ClusterFeature = Feature<Point, ClusterProps>;
export type ClusterItem = PointFeature | ClusterFeature;
export type ClusterIndex = Supercluster<PointProps, Record<string, unknown>>;

/** GeoJSON points (longitude first) for the listings that have a position. */
export function toPointFeatures(homes: readonly Home[]): PointFeature[] {
  const out: PointFeature[] = [];
  homes.forEach((h, i) => {
    if (h.position)
      out.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [h.position.lng, h.position.lat] },
        properties: { i },
      });
  });
  return out;
}

const newIndex = () =>
  new Supercluster<PointProps, Record<string, unknown>>({
    radius: CLUSTER_RADIUS_PX,
    // No level below the map's own minimum; none past street level (map-config.ts).
    minZoom: MIN_ZOOM,
    maxZoom: STREET_ZOOM,
    minPoints: CLUSTER_MIN_POINTS,
  });

export function buildClusterIndex(homes: readonly Home[]): ClusterIndex {
  return newIndex().load(toPointFeatures(homes));
}

/**
 * A built index's arrays, as cluster.worker.ts sends them back (moved, not copied): per zoom
 * level, which of `trees` it uses (levels without clusters share their neighbour's tree; -1: a
 * level below the map's minimum), each tree's KDBush buffer and supercluster's data beside it,
 * and the points' projected coordinates. Everything else an index holds is made on the page.
 */
export interface ClusterTrees {
  numPoints: number;
  coords: Float64Array<ArrayBuffer>;
  levels: number[];
  trees: { kdbush: ArrayBuffer; data: Int32Array<ArrayBuffer> }[];
}

/** What supercluster 9.1 keeps of a load (its source, pinned in package.json): read and set here only. */
interface Loaded {
  trees: ((KDBush & { data: Int32Array<ArrayBuffer> }) | undefined)[];
  numPoints: number;
  coords: Float64Array<ArrayBuffer>;
  props: PointProps[];
  ids: null;
  clusterProps: unknown[];
}
const loaded = (index: ClusterIndex) => index as unknown as Loaded;

/** The points' longitude and latitude, in the order of {@link toPointFeatures}: what the worker needs. */
export function lngLatOf(points: readonly PointFeature[]): Float64Array<ArrayBuffer> {
  const out = new Float64Array(points.length * 2);
  points.forEach((p, k) => out.set(p.geometry.coordinates, 2 * k));
  return out;
}

/** Builds the index of these coordinates (in the worker) and takes its arrays out. */
export function clusterTrees(lngLat: Float64Array): ClusterTrees {
  const features: PointFeature[] = [];
  for (let k = 0; k < lngLat.length; k += 2)
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lngLat[k]!, lngLat[k + 1]!] },
      properties: { i: k / 2 },
    });
  const index = loaded(newIndex().load(features));
  const distinct = [...new Set(index.trees.filter((t) => t !== undefined))];
  return {
    numPoints: index.numPoints,
    coords: index.coords,
    levels: [...index.trees].map((t) => (t ? distinct.indexOf(t) : -1)),
    trees: distinct.map((t) => ({ kdbush: t.ids.buffer, data: t.data })),
  };
}

/**
 * The index built elsewhere, put together from its arrays around `points` (those the worker
 * was given): it answers getClusters, getLeaves and getClusterExpansionZoom as the index built
 * here would (cluster.test.ts compares the two).
 */
export function clusterIndexOf(built: ClusterTrees, points: readonly PointFeature[]): ClusterIndex {
  const index = newIndex();
  const into = loaded(index);
  const trees = built.trees.map(({ kdbush, data }) => Object.assign(KDBush.from(kdbush), { data }));
  into.trees = built.levels.map((k) => trees[k]);
  into.numPoints = built.numPoints;
  into.coords = built.coords;
  into.props = points.map((p) => p.properties);
  into.ids = null;
  return index;
}

export function isCluster(item: ClusterItem): item is ClusterFeature {
  return 'cluster' in item.properties && item.properties.cluster === true;
}

/** What is in view at a zoom level: clusters and single listings. */
export function clustersInView(
  index: ClusterIndex,
  bbox: [number, number, number, number],
  zoom: number,
): ClusterItem[] {
  return index.getClusters(bbox, zoom);
}

/** Supercluster wants [west, south, east, north] within ±180/±90; a wrapped map view is clamped. */
export function toBBox(
  west: number,
  south: number,
  east: number,
  north: number,
): [number, number, number, number] {
  const clamp = (v: number, lim: number) => Math.max(-lim, Math.min(lim, v));
  if (east - west >= 360) return [-180, clamp(south, 90), 180, clamp(north, 90)];
  return [clamp(west, 180), clamp(south, 90), clamp(east, 180), clamp(north, 90)];
}
