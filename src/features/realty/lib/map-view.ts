import { MAX_ZOOM, MIN_ZOOM } from '../map-config.ts';

/**
 * The map's viewport as the page URL holds it (`at=lat,lng,zoom`), so a shared link and a
 * recorded demo step open where the reader left the map (issue #36), not zoomed out around
 * every listing. Absent or unreadable: the map fits the listings as before.
 */
export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/** Five decimals are about a metre: enough to land on the same street, short in a link. */
const round = (n: number, places: number) => Number(n.toFixed(places));

export function mapViewParam({ lat, lng, zoom }: MapView): string {
  return `${round(lat, 5)},${round(lng, 5)},${round(zoom, 2)}`;
}

export function parseMapView(raw: string | null): MapView | null {
  if (!raw) return null;
  const parts = raw.split(',');
  if (parts.length !== 3 || parts.some((p) => p.trim() === '')) return null;
  const [lat, lng, zoom] = parts.map(Number) as [number, number, number];
  if (![lat, lng, zoom].every(Number.isFinite)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng, zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) };
}
