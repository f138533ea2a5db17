import type { Feature, Point } from 'geojson';
import Supercluster from 'supercluster';
import type { Home } from './home.ts';

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

/** Last zoom with clusters; from the next one on every listing stands alone (street level). */
export const CLUSTER_MAX_ZOOM = 15;
/** The map never zooms out further (MapContainer minZoom), so no cluster level is built for it. */
export const CLUSTER_MIN_ZOOM = 2;

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

export function buildClusterIndex(homes: readonly Home[]): ClusterIndex {
  return new Supercluster<PointProps, Record<string, unknown>>({
    radius: 56,
    minZoom: CLUSTER_MIN_ZOOM,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 3,
  }).load(toPointFeatures(homes));
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
