import 'leaflet/dist/leaflet.css';
import './realty-map.css';
import {
  createLeafletContext,
  LeafletContext,
  type LeafletContextInterface,
} from '@react-leaflet/core';
import L from 'leaflet';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useMap } from 'react-leaflet';
import { useAfterPaint } from '../../../components/use-after-paint.ts';
import type { ColorScale } from '../lib/color-scale.ts';
import type { Home } from '../lib/home.ts';
import type { MapView } from '../lib/map-view.ts';
import { reportMoves } from './map-slices.ts';
import { Basemap, prefetchOutlines, type BasemapMode } from './basemap.tsx';
import { FIT_PADDING_PX, MAP_SIZE, OPENING_VIEW, STREET_ZOOM } from '../map-config.ts';
import { AreaLayer, type AreaLayerProps } from './area-layer.tsx';
import { ClusterLayer, type RenderCounts } from './cluster-layer.tsx';
import { buildSpareMap, takeMap } from './spare-map.ts';
import {
  buildsOffPage,
  clusterIndexOffPage,
  prepareClusterWorker,
} from '../lib/cluster-off-page.ts';
import { shapeBounds, type Shape } from '../lib/shape.ts';

export type { RenderCounts };
export { probeBasemap } from './basemap.tsx';

export interface ListingMapProps {
  /** The listings to draw (those with a position; others are ignored). */
  homes: readonly Home[];
  /** The listings the view fits when they change (the whole response, not the filtered part). */
  fitTo: readonly Home[];
  /** What the dots, pins and clusters are coloured by: a value's scale, or (null) the status. */
  scale?: ColorScale | null;
  /** The area that selects the listings (drawn on the map), and the drawing of a new one. */
  area?: AreaLayerProps;
  hoveredKey?: string | null;
  selectedKey?: string | null;
  /** Bring this listing into view at street level; a new object each time it should happen. */
  focus?: { key: string } | null;
  /** Where the map opens instead of around `fitTo` (the reader's last viewport, issue #36). */
  view?: MapView | null;
  /** Move the map to this viewport, after any fit; a new object each time it should happen. */
  goTo?: { view: MapView } | null;
  /** The reader (or a fit) moved the map: where it is now. */
  onMoved?: (view: MapView) => void;
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

const FIT_OPTIONS: L.FitBoundsOptions = {
  padding: [FIT_PADDING_PX, FIT_PADDING_PX],
  maxZoom: STREET_ZOOM,
  animate: false,
};
const WHOLE_US: View = { center: L.latLng(OPENING_VIEW.center), zoom: OPENING_VIEW.zoom };

type View = { bounds: L.LatLngBounds } | { center: L.LatLng; zoom: number };

/** The view around the listings (a single place at street level); null when none is placed. */
function viewAround(homes: readonly Home[]): View | null {
  const bounds = boundsOf(homes);
  if (!bounds) return null;
  if (bounds.getNorthEast().equals(bounds.getSouthWest()))
    return { center: bounds.getCenter(), zoom: STREET_ZOOM };
  return { bounds };
}

function show(map: L.Map, view: View) {
  if ('bounds' in view) map.fitBounds(view.bounds, FIT_OPTIONS);
  else map.setView(view.center, view.zoom, { animate: false });
}

/**
 * What the realty view does while the reader fills in the form: build the next map off the
 * page, have the offline outlines at hand, and load the worker that builds a big cluster index.
 */
export function prepareListingMap(): void {
  buildSpareMap();
  prefetchOutlines();
  prepareClusterWorker();
}

/**
 * The Leaflet map, taken ready-made (built while idle) and put on the page at the opening
 * view; react-leaflet's MapContainer would build a new one here, in the long task that draws
 * the listings. The map goes with the element (the ref's cleanup), so StrictMode's second
 * attach gets a map of its own.
 */
function MapHost({ opening, children }: { opening: View; children: ReactNode }) {
  const [context, setContext] = useState<LeafletContextInterface | null>(null);
  const attach = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const map = takeMap();
    node.append(map.getContainer());
    map.invalidateSize({ pan: false });
    show(map, opening);
    setContext(createLeafletContext(map));
    return () => {
      map.remove();
      map.getContainer().remove();
    };
    // The opening view is read once, when the element arrives (as MapContainer reads center).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <div ref={attach} className="h-full w-full" />
      {context && <LeafletContext value={context}>{children}</LeafletContext>}
    </>
  );
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
    if (view) show(map, view);
  }, [map, homes, opened]);
  return null;
}

/**
 * "Fit all" and, with an area drawn, "Fit to area": the way back after a listing click zoomed
 * to street level or the reader panned away (issue 40.5). Buttons over the map, in the tab
 * order after it.
 */
function FitControl({ homes, shape }: { homes: readonly Home[]; shape: Shape | null }) {
  const map = useMap();
  const fitAll = () => {
    const view = viewAround(homes);
    if (view) show(map, view);
  };
  const fitArea = () => {
    if (!shape) return;
    const { south, west, north, east } = shapeBounds(shape);
    map.fitBounds(L.latLngBounds([south, west], [north, east]), FIT_OPTIONS);
  };
  return (
    <div className="absolute bottom-6 left-2 z-[1000] flex gap-1">
      {shape && (
        <button type="button" className="btn-secondary px-2 py-1 text-xs shadow" onClick={fitArea}>
          Fit to area
        </button>
      )}
      <button type="button" className="btn-secondary px-2 py-1 text-xs shadow" onClick={fitAll}>
        Fit all
      </button>
    </div>
  );
}

/** Tells where the map is after each move (the first view, set before this, is not a move). */
function ReportMoves({ onMoved }: { onMoved: (view: MapView) => void }) {
  const map = useMap();
  useEffect(() => reportMoves(map, onMoved), [map, onMoved]);
  return null;
}

/**
 * A viewport named later than the opening (a demo's next step of this view, Back/Forward):
 * rendered after FitToListings, so a step whose listings changed too ends where it was recorded.
 */
function GoToView({ goTo }: { goTo: { view: MapView } | null }) {
  const map = useMap();
  useEffect(() => {
    if (!goTo) return;
    const { lat, lng, zoom } = goTo.view;
    map.setView([lat, lng], zoom, { animate: false });
  }, [map, goTo]);
  return null;
}

function FocusListing({ homes, focus }: { homes: readonly Home[]; focus: { key: string } | null }) {
  const map = useMap();
  useEffect(() => {
    if (!focus) return;
    const home = homes.find((h) => h.key === focus.key);
    if (!home?.position) return;
    map.setView(home.position, Math.max(map.getZoom(), STREET_ZOOM));
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
  scale = null,
  area,
  hoveredKey = null,
  selectedKey = null,
  focus = null,
  view = null,
  goTo = null,
  onMoved,
  onHover,
  onSelect,
  onRendered,
  label = 'Map of listings',
  className = MAP_SIZE,
}: ListingMapProps) {
  const [mode, setMode] = useState<BasemapMode>('probing');
  // The "markers" stage (../PIPELINE.md): the map and its basemap paint first; the clusters and
  // pins come in a task of their own, so neither makes one long freeze on a phone.
  const markersNow = useAfterPaint();
  // Thousands of listings: their cluster index is built in a worker from this render on, while
  // the page commits, fits the map and paints it (the first ~30 ms of the listings' arrival),
  // a frame before the cluster layer asks for it. A preload, not an effect: the build is kept
  // per array of listings (clusterIndexOffPage), so a render React discards costs nothing.
  if (buildsOffPage(homes)) void clusterIndexOffPage(homes);
  const onMode = useCallback((m: BasemapMode) => setMode(m), []);
  const [opening] = useState(
    (): View =>
      (view && { center: L.latLng(view.lat, view.lng), zoom: view.zoom }) ??
      viewAround(fitTo) ??
      WHOLE_US,
  );
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="listing-map"
      data-basemap={mode}
      // `isolate`: Leaflet's panes and controls (z-index 400–1000) stay inside the map, under
      // whatever the page lays over it (a demo's caption bar, issue #36). `content-visibility`:
      // below the fold (a phone, under the form and the filters) its outlines and markers, about
      // 300 elements, wait to be styled, laid out and painted until the map scrolls near; the
      // box keeps its size (MAP_SIZE), and Leaflet's own reads of it still get it (issue 41).
      data-demo-focus="map"
      className={`relative isolate overflow-hidden rounded border border-slate-200 [content-visibility:auto] dark:border-slate-700 ${className}`}
    >
      <MapHost opening={opening}>
        <Basemap onMode={onMode} />
        <FitToListings homes={fitTo} />
        <GoToView goTo={goTo} />
        {markersNow && (
          <ClusterLayer
            homes={homes}
            scale={scale}
            hoveredKey={hoveredKey}
            selectedKey={selectedKey}
            onHover={onHover}
            onSelect={onSelect}
            onRendered={onRendered}
          />
        )}
        <FocusListing homes={homes} focus={focus} />
        {onMoved && <ReportMoves onMoved={onMoved} />}
        {area && <AreaLayer {...area} />}
        <FitControl homes={fitTo} shape={area?.shape ?? null} />
      </MapHost>
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
