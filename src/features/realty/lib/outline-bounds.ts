import type { Feature, Position } from 'geojson';

/** A box in degrees: west, south, east, north (GeoJSON's bbox order). */
export type Bounds = readonly [number, number, number, number];

/** Every position of a geometry's nested coordinate arrays, whatever its type. */
function eachPosition(coords: unknown, visit: (p: Position) => void): void {
  if (!Array.isArray(coords)) return;
  if (typeof coords[0] === 'number') visit(coords as Position);
  else for (const inner of coords) eachPosition(inner, visit);
}

/** The box around a feature's outline, or null for a feature without coordinates. */
export function featureBounds(feature: Feature): Bounds | null {
  const geometry = feature.geometry;
  if (!geometry || !('coordinates' in geometry)) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  eachPosition(geometry.coordinates, ([lng, lat]) => {
    if (lng === undefined || lat === undefined) return;
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  });
  return west <= east ? [west, south, east, north] : null;
}

export const boundsMeet = (a: Bounds, b: Bounds): boolean =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
