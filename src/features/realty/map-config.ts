/*
 * The listings map's settings in one place: the map, the spare map built ahead, the cluster
 * index, the cluster layer and the placeholder that stands in for the map all read them here.
 * Plain values (no Leaflet): the pure cluster code and the view's first chunk import them too.
 */

/** The map never zooms out further, so no cluster level is built below it. */
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 18;
/**
 * The closest a map opens or fits around listings, and the last zoom with clusters: from the
 * next one on, every listing stands alone (street level).
 */
export const STREET_ZOOM = 15;
/** Where a map opens when there is nothing to show yet: the whole US. */
export const OPENING_VIEW = { center: { lat: 39.5, lng: -98.35 }, zoom: 4 } as const;
/** Room kept around the listings when the map fits them. */
export const FIT_PADDING_PX = 24;
/** Supercluster's settings: the cluster radius in screen pixels and the fewest points in one. */
export const CLUSTER_RADIUS_PX = 56;
export const CLUSTER_MIN_POINTS = 3;
/** Single listings show their price from this zoom on, instead of a dot... */
export const PIN_MIN_ZOOM = 13;
/** ...when no more than this many are in view: price pins are DOM elements. */
export const PIN_LIMIT = 150;
/** Radius of a single listing's dot, in pixels. */
export const DOT_RADIUS_PX = 6;
/** The map's box (Tailwind classes): the placeholder has the same, so nothing moves when it swaps. */
export const MAP_SIZE = 'h-[360px] lg:h-[600px]';

/** Map tiles come from configuration, so a deployment can use its own tile server or none. */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface TileConfig {
  /** Leaflet URL template, or null for "never try tiles" (`VITE_TILE_URL=none`). */
  url: string | null;
  attribution: string;
}

/** Read when a map mounts, not at import, so a test can set the environment first. */
export function tileConfig(): TileConfig {
  const rawUrl: unknown = import.meta.env.VITE_TILE_URL;
  const rawAttribution: unknown = import.meta.env.VITE_TILE_ATTRIBUTION;
  const url = typeof rawUrl === 'string' ? rawUrl.trim() : '';
  const attribution = typeof rawAttribution === 'string' ? rawAttribution.trim() : '';
  return {
    url: url === '' ? DEFAULT_TILE_URL : /^(none|off|false)$/i.test(url) ? null : url,
    attribution: attribution || DEFAULT_TILE_ATTRIBUTION,
  };
}

/** The one tile the probe asks for: the whole world at zoom 0. */
export function sampleTileUrl(template: string): string {
  return template
    .replace('{s}', 'a')
    .replace('{z}', '0')
    .replace('{x}', '0')
    .replace(/\{-?y\}/, '0')
    .replace('{r}', '');
}
