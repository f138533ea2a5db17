import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { Basemap } from '../../../src/features/realty/components/basemap.tsx';
import {
  boundsOf,
  ListingMap,
  type RenderCounts,
} from '../../../src/features/realty/components/listing-map.tsx';
import type { Home } from '../../../src/features/realty/lib/home.ts';
import {
  FIT_PADDING_PX,
  MAX_ZOOM,
  OPENING_VIEW,
  STREET_ZOOM,
} from '../../../src/features/realty/map-config.ts';

/*
 * The page `test/bench/map-bench.mjs` drives: the same map component the view
 * uses, against the baseline of one react-leaflet <Marker> per listing. The
 * listings are fetched, parsed and normalised (toHomes, timed separately), and
 * the basemap drawn, before the clock starts; the clock runs from handing the
 * listings to the map until two animation frames after the markers are added.
 */

// Under Vite the default icon's URL detection breaks; a broken image would skew the baseline.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export type BenchMode = 'view' | 'dom';

// Both maps get the view's basemap, so the comparison is about the markers alone.
const ignoreMode = () => undefined;

const SIZE = { width: 1000, height: 700 };

function afterTwoFrames(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
}

/** The same fit as the view's, so both maps end at the same zoom. */
function FitAll({ homes }: { homes: readonly Home[] }) {
  const map = useMap();
  useEffect(() => {
    const bounds = boundsOf(homes);
    if (bounds)
      map.fitBounds(bounds, {
        padding: [FIT_PADDING_PX, FIT_PADDING_PX],
        maxZoom: STREET_ZOOM,
        animate: false,
      });
  }, [map, homes]);
  return null;
}

/** Placed after the markers: its effect runs once they have all been added to the map. */
function Done({ onDone }: { onDone: () => void }) {
  useEffect(() => onDone(), [onDone]);
  return null;
}

function DomMarkers({ homes, onDone }: { homes: readonly Home[]; onDone: () => void }) {
  return (
    <MapContainer
      center={OPENING_VIEW.center}
      zoom={OPENING_VIEW.zoom}
      maxZoom={MAX_ZOOM}
      style={SIZE}
    >
      <Basemap onMode={ignoreMode} />
      <FitAll homes={homes} />
      {homes.map((h) => (h.position ? <Marker key={h.key} position={h.position} /> : null))}
      {homes.length > 0 && <Done onDone={onDone} />}
    </MapContainer>
  );
}

function ViewRenderer({ homes, onDone }: { homes: readonly Home[]; onDone: () => void }) {
  // What the view hands its map: the listings that have a position.
  const placed = useMemo(() => homes.filter((h) => h.position), [homes]);
  const onRendered = (counts: RenderCounts) => {
    if (placed.length > 0 && counts.clusters + counts.points > 0) onDone();
  };
  return (
    <div style={SIZE}>
      <ListingMap homes={placed} fitTo={placed} onRendered={onRendered} className="h-full w-full" />
    </div>
  );
}

export interface BenchApi {
  ready: boolean;
  count: number;
  /** Time to normalise the response (toHomes), done before the clock for both renderers. */
  normalizeMs: number;
  run: () => Promise<number>;
}

declare global {
  interface Window {
    __mapBench?: BenchApi;
  }
}

export function MapBenchPage({
  mode,
  homes,
  normalizeMs,
}: {
  mode: BenchMode;
  homes: readonly Home[];
  normalizeMs: number;
}) {
  const [handed, setHanded] = useState<readonly Home[]>([]);
  const pending = useRef<{ start: number; resolve: (ms: number) => void } | null>(null);
  const done = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    void afterTwoFrames().then(() => p.resolve(performance.now() - p.start));
  }, []);

  useLayoutEffect(() => {
    window.__mapBench = {
      ready: true,
      count: homes.length,
      normalizeMs,
      run: () =>
        new Promise<number>((resolve) => {
          pending.current = { start: performance.now(), resolve };
          setHanded(homes);
        }),
    };
  }, [homes, normalizeMs]);

  return mode === 'dom' ? (
    <DomMarkers homes={handed} onDone={done} />
  ) : (
    <ViewRenderer homes={handed} onDone={done} />
  );
}
