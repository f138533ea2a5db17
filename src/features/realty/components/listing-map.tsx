import 'leaflet/dist/leaflet.css';
import './realty-map.css';
import L from 'leaflet';
import { useCallback, useEffect, useState } from 'react';
import { MapContainer, useMap, ZoomControl } from 'react-leaflet';
import { useAfterPaint } from '../../../components/use-after-paint.ts';
import type { Home } from '../lib/home.ts';
import { Basemap, type BasemapMode } from './basemap.tsx';
import { ClusterLayer, PIN_MIN_ZOOM, type RenderCounts } from './cluster-layer.tsx';

export type { RenderCounts };

export interface ListingMapProps {
  /** The listings to draw (those with a position; others are ignored). */
  homes: readonly Home[];
  /** The listings the view fits when they change (the whole response, not the filtered part). */
  fitTo: readonly Home[];
  hoveredKey?: string | null;
  selectedKey?: string | null;
  /** Bring this listing into view at street level; a new object each time it should happen. */
  focus?: { key: string } | null;
  onHover?: (key: string | null) => void;
  onSelect?: (key: string) => void;
  onRendered?: (counts: RenderCounts) => void;
  label?: string;
  className?: string;
}

/** The box around the listings, by plain min/max (10,000 LatLng objects would cost more). */
export function boundsOf(homes: readonly Home[]): L.LatLngBounds | null {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const h of homes) {
    if (!h.position) continue;
    const { lat, lng } = h.position;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return south === Infinity ? null : L.latLngBounds([south, west], [north, east]);
}

const FIT_OPTIONS: L.FitBoundsOptions = { padding: [24, 24], maxZoom: 15, animate: false };

const WHOLE_US = { center: L.latLng(39.5, -98.35), zoom: 4 };

/** The view around the listings (a single place at street level); null when none is placed. */
function viewAround(homes: readonly Home[]) {
  const bounds = boundsOf(homes);
  if (!bounds) return null;
  if (bounds.getNorthEast().equals(bounds.getSouthWest()))
    return { center: bounds.getCenter(), zoom: 15 };
  return { bounds };
}

/**
 * Fits the map to a new set of listings at once (no animation: there is nothing to follow
 * yet). The first set needs nothing: the map opened around it (a second view reset would be
 * a part of the long task that creates the map on a phone).
 */
function FitToListings({ homes }: { homes: readonly Home[] }) {
  const map = useMap();
  const [opened] = useState(homes);
  useEffect(() => {
    const view = homes === opened ? null : viewAround(homes);
    if (!view) return;
    if (view.bounds) map.fitBounds(view.bounds, FIT_OPTIONS);
    else map.setView(view.center, view.zoom, { animate: false });
  }, [map, homes, opened]);
  return null;
}

function FocusListing({ homes, focus }: { homes: readonly Home[]; focus: { key: string } | null }) {
  const map = useMap();
  useEffect(() => {
    if (!focus) return;
    const home = homes.find((h) => h.key === focus.key);
    if (!home?.position) return;
    map.setView(home.position, Math.max(map.getZoom(), PIN_MIN_ZOOM + 2));
  }, [map, homes, focus]);
  return null;
}

/**
 * The interactive map of listings: tiles (or the bundled outlines offline),
 * clusters, dots and price pins. The list beside it is the keyboard and
 * screen-reader way to the same listings.
 */
export function ListingMap({
  homes,
  fitTo,
  hoveredKey = null,
  selectedKey = null,
  focus = null,
  onHover,
  onSelect,
  onRendered,
  label = 'Map of listings',
  className = 'h-[360px] lg:h-[600px]',
}: ListingMapProps) {
  const [mode, setMode] = useState<BasemapMode>('probing');
  // The map and its basemap paint first; the clusters and pins come in a task of their own,
  // so neither makes one long freeze on a phone.
  const markersNow = useAfterPaint();
  const onMode = useCallback((m: BasemapMode) => setMode(m), []);
  const [opening] = useState(() => viewAround(fitTo) ?? WHOLE_US);
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="listing-map"
      data-basemap={mode}
      className={`relative overflow-hidden rounded border border-slate-200 dark:border-slate-700 ${className}`}
    >
      <MapContainer
        {...opening}
        boundsOptions={FIT_OPTIONS}
        zoomControl={false}
        minZoom={2}
        maxZoom={18}
        preferCanvas
        worldCopyJump
        className="h-full w-full"
      >
        <Basemap onMode={onMode} />
        <FitToListings homes={fitTo} />
        {/* With the markers, a frame after the map: building its buttons is part of the map's
            long task on a phone otherwise. */}
        {markersNow && <ZoomControl position="topleft" />}
        {markersNow && (
          <ClusterLayer
            homes={homes}
            hoveredKey={hoveredKey}
            selectedKey={selectedKey}
            onHover={onHover}
            onSelect={onSelect}
            onRendered={onRendered}
          />
        )}
        <FocusListing homes={homes} focus={focus} />
      </MapContainer>
      {mode === 'offline' && (
        <p
          data-testid="offline-basemap-note"
          className="pointer-events-none absolute top-2 right-2 z-[1000] rounded bg-white/90 px-2 py-0.5 text-xs text-slate-800 shadow"
        >
          Offline basemap: map tiles could not load
        </p>
      )}
    </div>
  );
}
