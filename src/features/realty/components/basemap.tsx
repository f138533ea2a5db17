import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import countriesUrl from 'world-atlas/countries-110m.json?url';
import { boundsMeet, featureBounds, type Bounds } from '../lib/outline-bounds.ts';
import { sampleTileUrl, tileConfig } from '../map-config.ts';
import { eachInSlicesOnMap } from './map-slices.ts';

export type BasemapMode = 'probing' | 'tiles' | 'offline';

const PROBE_TIMEOUT_MS = 4000;
/** Tile errors after which the tiles are given up for the session (a dropped connection). */
const MAX_TILE_ERRORS = 4;

const probes = new Map<string, Promise<boolean>>();
/** The probes that have answered, so a map opened later starts in the right mode at once. */
const probed = new Map<string, boolean>();

/**
 * One request for one tile tells whether tiles load at all. Trying the tile
 * layer straight away would fire a burst of failed requests (console noise,
 * broken-image squares) every time the map opens offline.
 */
function probeTiles(template: string): Promise<boolean> {
  let probe = probes.get(template);
  if (!probe) {
    probe = new Promise<boolean>((resolve) => {
      const img = new Image();
      const timer = window.setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      img.onload = () => {
        window.clearTimeout(timer);
        resolve(true);
      };
      img.onerror = () => {
        window.clearTimeout(timer);
        resolve(false);
      };
      img.src = sampleTileUrl(template);
    }).then((ok) => {
      probed.set(template, ok);
      return ok;
    });
    probes.set(template, probe);
  }
  return probe;
}

/**
 * Learns whether tiles load, ahead of the map (on Run: a failing probe is an error in the
 * console, which an empty view should not show for nothing). The map then opens in that mode.
 */
export function probeBasemap(): void {
  const { url } = tileConfig();
  if (url) void probeTiles(url);
}

/**
 * Fetches and decodes the bundled outlines ahead of the map (small, same-origin, cached): with
 * them at hand, a map without tiles draws its basemap at once instead of fetching and decoding
 * them while the listings draw.
 */
export function prefetchOutlines(): void {
  void loadOutlines();
}

function modeOf(url: string | null): BasemapMode {
  if (!url) return 'offline';
  const ok = probed.get(url);
  return ok === undefined ? 'probing' : ok ? 'tiles' : 'offline';
}

/** Tiles when they load, else the bundled outlines; reports which to the caller. */
export function Basemap({ onMode }: { onMode: (mode: BasemapMode) => void }) {
  const [{ url, attribution }] = useState(tileConfig);
  const [mode, setMode] = useState<BasemapMode>(() => modeOf(url));
  const errors = useRef(0);
  const loaded = useRef(0);

  useEffect(() => {
    if (!url || mode !== 'probing') return;
    let live = true;
    void probeTiles(url).then((ok) => {
      if (live) setMode(ok ? 'tiles' : 'offline');
    });
    return () => {
      live = false;
    };
  }, [url, mode]);

  useEffect(() => onMode(mode), [mode, onMode]);

  if (mode === 'tiles' && url)
    return (
      <TileLayer
        url={url}
        attribution={attribution}
        eventHandlers={{
          tileload: () => {
            loaded.current++;
          },
          tileerror: () => {
            errors.current++;
            if (errors.current >= MAX_TILE_ERRORS && errors.current > loaded.current) {
              probes.set(url, Promise.resolve(false));
              setMode('offline');
            }
          },
        }}
      />
    );
  if (mode === 'offline') return <OfflineBasemap />;
  return null;
}

interface Outlines {
  countries: FeatureCollection | null;
  states: FeatureCollection | null;
}

let outlines: Promise<Outlines> | null = null;
/** The outlines once fetched (the map draws them from its first render). */
let fetched: Outlines | null = null;

async function fetchOutlines(url: string, object: string): Promise<FeatureCollection | null> {
  try {
    const res = await fetch(url);
    if (!res.ok) return null;
    const topology = (await res.json()) as Topology;
    const geometry = topology.objects?.[object] as GeometryCollection | undefined;
    if (!geometry) return null;
    return feature(topology, geometry);
  } catch {
    return null;
  }
}

/** World countries and US states from the packages' JSON files, fetched once per session. */
function loadOutlines(): Promise<Outlines> {
  outlines ??= Promise.all([
    fetchOutlines(countriesUrl, 'countries'),
    fetchOutlines(statesUrl, 'states'),
  ]).then(([countries, states]) => {
    if (!countries && !states) outlines = null;
    else fetched = { countries, states };
    return { countries, states };
  });
  return outlines;
}

const PANE = 'basemap';
/** How far around the view outlines are kept, in views (Leaflet's `LatLngBounds.pad`). */
const NEAR_PAD = 0.5;

/**
 * One country's or state's outline: its box, and its layer, made the first time it comes near
 * the view (making one reads every point of the feature) and on the map while near.
 */
interface Outline {
  bounds: Bounds | null;
  layer: () => L.GeoJSON;
  made: L.GeoJSON | null;
}

function outlinesOf(collection: FeatureCollection | null, options: L.GeoJSONOptions): Outline[] {
  return (collection?.features ?? []).map((f) => {
    const outline: Outline = {
      bounds: featureBounds(f),
      layer: () => (outline.made ??= L.geoJSON(f, options)),
      made: null,
    };
    return outline;
  });
}

/**
 * Country and state outlines in their own pane below the markers (an async
 * layer in the markers' canvas would be painted over them), drawn as SVG so the
 * canvas stays the markers' alone, and never interactive.
 */
function OfflineBasemap() {
  const map = useMap();
  const [data, setData] = useState<Outlines | null>(fetched);

  useEffect(() => {
    if (data) return;
    let live = true;
    void loadOutlines().then((d) => {
      if (live) setData(d);
    });
    return () => {
      live = false;
    };
  }, [data]);

  useEffect(() => {
    if (!data) return;
    const pane = map.getPane(PANE) ?? map.createPane(PANE);
    pane.style.zIndex = '250';
    pane.style.pointerEvents = 'none';
    const renderer = L.svg({ pane: PANE });
    const options = (style: L.PathOptions): L.GeoJSONOptions =>
      // smoothFactor 2: the state lines are 1:10m, far finer than a city-scale view needs.
      ({ pane: PANE, renderer, interactive: false, smoothFactor: 2, style }) as L.GeoJSONOptions;
    const outlines = [
      ...outlinesOf(
        data.countries,
        options({ color: '#94a3b8', weight: 1, fillColor: '#f5f5f0', fillOpacity: 1 }),
      ),
      ...outlinesOf(data.states, options({ color: '#b6bfcb', weight: 0.8, fill: false })),
    ];
    // Credited once on the control: as a layer option every feature's own path would add it
    // again, and the control rebuilds its HTML on each addition (hundreds of times).
    const credit = [data.countries && 'Outlines: Natural Earth', data.states && 'US Census Bureau']
      .filter(Boolean)
      .join(', ');
    map.attributionControl?.addAttribution(credit);
    const container = map.getContainer();
    let stop = () => {};
    // Only the outlines near the view are on the map: Leaflet projects every point of every
    // path on each zoom and keeps an SVG path per feature, and the world's 177 countries and 56
    // states (1:10m) made the map's zoom a long task and its first frame 233 paths more, for a
    // view of one city (issue 41). Near: within half the view's width or height of it, so a
    // pan of up to half a view shows no gap; each move (after it ends) adds what came near and
    // removes what went far. New ones go in a few at a time, each slice its own task (the "map" stage
    // of ../PIPELINE.md). `drawn` is read by the map bench and the e2e tests.
    const follow = () => {
      stop();
      const view = map.getBounds().pad(NEAR_PAD);
      const near: Bounds = [view.getWest(), view.getSouth(), view.getEast(), view.getNorth()];
      const toAdd: Outline[] = [];
      for (const o of outlines) {
        const wanted = o.bounds !== null && boundsMeet(o.bounds, near);
        if (wanted && !(o.made && map.hasLayer(o.made))) toAdd.push(o);
        else if (!wanted) o.made?.remove();
      }
      stop = eachInSlicesOnMap(
        map,
        toAdd,
        (o) => o.layer().addTo(map),
        () => (container.dataset.outlines = 'drawn'),
      );
    };
    map.whenReady(follow);
    map.on('moveend', follow);
    return () => {
      map.off('moveend', follow);
      stop();
      delete container.dataset.outlines;
      map.attributionControl?.removeAttribution(credit);
      for (const o of outlines) o.made?.remove();
    };
  }, [data, map]);

  return null;
}
