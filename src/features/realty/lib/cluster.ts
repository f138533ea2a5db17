import type { Feature, Point } from 'geojson';
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

export function buildClusterIndex(homes: readonly Home[]): ClusterIndex {
  return new Supercluster<PointProps, Record<string, unknown>>({
    radius: CLUSTER_RADIUS_PX,
    // No level below the map's own minimum; none past street level (map-config.ts).
    minZoom: MIN_ZOOM,
    maxZoom: STREET_ZOOM,
    minPoints: CLUSTER_MIN_POINTS,
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
