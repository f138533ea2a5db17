import type { LatLng } from './coordinates.ts';
import type { Home } from './home.ts';

/**
 * An area drawn on the map to select the listings in it: a rectangle or a polygon, in plain
 * latitude and longitude. A shape never crosses the antimeridian (the map does not wrap: a
 * listing page is a city or a region), so longitudes compare as plain numbers.
 */
export type Shape =
  | { kind: 'rect'; south: number; west: number; north: number; east: number }
  | { kind: 'poly'; points: readonly LatLng[] };

/** About a metre: enough for a hand-drawn shape, and a short page URL. */
const DECIMALS = 5;
const round = (n: number) => Number(n.toFixed(DECIMALS)) + 0;
const isLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;
const isLng = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;

/** A rectangle from two corners in any order. */
export function rectFrom(a: LatLng, b: LatLng): Shape {
  return {
    kind: 'rect',
    south: round(Math.min(a.lat, b.lat)),
    west: round(Math.min(a.lng, b.lng)),
    north: round(Math.max(a.lat, b.lat)),
    east: round(Math.max(a.lng, b.lng)),
  };
}

/** A polygon from its corners (rounded as the URL keeps them); null with fewer than three. */
export function polygonFrom(points: readonly LatLng[]): Shape | null {
  const rounded = points.map((p) => ({ lat: round(p.lat), lng: round(p.lng) }));
  // A repeated corner (a double click lands twice on one spot) is one corner.
  const corners = rounded.filter(
    (p, i) => i === 0 || p.lat !== rounded[i - 1]?.lat || p.lng !== rounded[i - 1]?.lng,
  );
  return corners.length >= 3 ? { kind: 'poly', points: corners } : null;
}

/**
 * The page URL's form of a shape, with no character a URL escapes: `rect_S_W_N_E`, or
 * `poly_LAT_LNG_LAT_LNG_…`.
 */
export function shapeParam(shape: Shape): string {
  const numbers =
    shape.kind === 'rect'
      ? [shape.south, shape.west, shape.north, shape.east]
      : shape.points.flatMap((p) => [p.lat, p.lng]);
  return [shape.kind, ...numbers.map(round)].join('_');
}

/** A shape from the page URL; anything that is not a whole, valid shape is none. */
export function parseShape(raw: string | null): Shape | null {
  if (!raw) return null;
  const [kind, ...parts] = raw.split('_');
  const n = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (kind === 'rect' && n.length === 4) {
    const [south, west, north, east] = n as [number, number, number, number];
    if (!isLat(south) || !isLat(north) || !isLng(west) || !isLng(east)) return null;
    if (south >= north || west >= east) return null;
    return rectFrom({ lat: south, lng: west }, { lat: north, lng: east });
  }
  if (kind === 'poly' && n.length >= 6 && n.length % 2 === 0) {
    const points: LatLng[] = [];
    for (let i = 0; i < n.length; i += 2) {
      const lat = n[i] as number;
      const lng = n[i + 1] as number;
      if (!isLat(lat) || !isLng(lng)) return null;
      points.push({ lat, lng });
    }
    return polygonFrom(points);
  }
  return null;
}

/** Whether p lies on the segment a–b (within rounding). */
function onSegment(p: LatLng, a: LatLng, b: LatLng): boolean {
  const cross = (b.lng - a.lng) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lng - a.lng);
  const scale = Math.abs(b.lng - a.lng) + Math.abs(b.lat - a.lat);
  if (Math.abs(cross) > 1e-12 * Math.max(1, scale)) return false;
  return (
    p.lng >= Math.min(a.lng, b.lng) &&
    p.lng <= Math.max(a.lng, b.lng) &&
    p.lat >= Math.min(a.lat, b.lat) &&
    p.lat <= Math.max(a.lat, b.lat)
  );
}

/**
 * Whether a point is inside a polygon or on its edge (a listing on the line a user drew is in
 * the area). Crossings of a ray to the east, each edge counted half-open so a vertex on the
 * ray is crossed once; a self-crossing polygon is read by the even-odd rule.
 */
export function pointInPolygon(p: LatLng, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i] as LatLng;
    const b = polygon[j] as LatLng;
    if (onSegment(p, a, b)) return true;
    if (a.lat > p.lat !== b.lat > p.lat) {
      const lngAtLat = a.lng + ((p.lat - a.lat) * (b.lng - a.lng)) / (b.lat - a.lat);
      if (p.lng < lngAtLat) inside = !inside;
    }
  }
  return inside;
}

/** The box around a shape. */
export function shapeBounds(shape: Shape): {
  south: number;
  west: number;
  north: number;
  east: number;
} {
  if (shape.kind === 'rect') return shape;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const { lat, lng } of shape.points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return { south, west, north, east };
}

/**
 * The listings inside a shape (its edge included), in their order. A listing without a
 * position is in no area. The box around the shape answers most listings of a city before the
 * polygon test (10,000 listings).
 */
export function homesInShape(homes: readonly Home[], shape: Shape): Home[] {
  const box = shapeBounds(shape);
  return homes.filter((h) => {
    const p = h.position;
    if (!p || p.lat < box.south || p.lat > box.north || p.lng < box.west || p.lng > box.east)
      return false;
    return shape.kind === 'rect' || pointInPolygon(p, shape.points);
  });
}
