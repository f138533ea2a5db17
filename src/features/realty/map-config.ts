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
