import L from 'leaflet';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useMap } from 'react-leaflet';
import {
  buildClusterIndex,
  clustersInView,
  isCluster,
  toBBox,
  type ClusterIndex,
} from '../lib/cluster.ts';
import { buildsOffPage, clusterIndexOffPage } from '../lib/cluster-off-page.ts';
import type { Home } from '../lib/home.ts';
import { colorOf, medianOn, type ColorScale } from '../lib/color-scale.ts';
import { statusColor } from '../lib/status.ts';
import { eachInSlicesOnMap, makeCanvasAhead } from './map-slices.ts';
import { DOT_RADIUS_PX, PIN_LIMIT, PIN_MIN_ZOOM } from '../map-config.ts';
import { pinIcon, ringIcon } from './marker-icons.ts';
import {
  bubbleKeys,
  bubbleName,
  ClusterBubble,
  showTagsWithRoom,
  type BubbleKeys,
  type ClusterMedian,
} from './cluster-bubbles.ts';

export interface RenderCounts {
  clusters: number;
  points: number;
  pins: number;
}

export interface ClusterLayerProps {
  homes: readonly Home[];
  /** The colour scale of a value (price, price per area, days); null: colours by status. */
  scale: ColorScale | null;
  hoveredKey: string | null;
  selectedKey: string | null;
  onHover?: (key: string | null) => void;
  onSelect?: (key: string) => void;
  onRendered?: (counts: RenderCounts) => void;
}

interface Drawn {
  pins: Map<string, L.Marker>;
  dots: Map<string, L.CircleMarker>;
  bubbles: ClusterBubble[];
}

interface Callbacks {
  onHover?: ((key: string | null) => void) | undefined;
  onSelect?: ((key: string) => void) | undefined;
  onRendered?: ((counts: RenderCounts) => void) | undefined;
}

type InView = ReturnType<typeof clustersInView>[number];
/** A cluster's bubble (no key), or a listing's dot or price pin (its key). */
type Made = { layer: L.Marker | L.CircleMarker; key: string | null } | null;

const newDrawn = (): Drawn => ({ pins: new Map(), dots: new Map(), bubbles: [] });

/**
 * Styles the hovered and the selected listing's pin or dot, and puts back the ones emphasised
 * before (`before`); returns the keys emphasised now. A hover touches these, not every marker.
 */
function emphasiseMarkers(
  { pins, dots }: Drawn,
  before: ReadonlySet<string>,
  hovered: string | null,
  selected: string | null,
): Set<string> {
  const wanted = new Set([hovered, selected].filter((k): k is string => k !== null));
  for (const key of new Set([...before, ...wanted])) {
    const marker = pins.get(key);
    if (marker) {
      const el = marker.getElement()?.firstElementChild;
      el?.classList.toggle('is-hovered', key === hovered);
      el?.classList.toggle('is-selected', key === selected);
      marker.setZIndexOffset(key === hovered ? 2000 : key === selected ? 1000 : 0);
    }
    const dot = dots.get(key);
    if (dot) {
      const on = wanted.has(key);
      dot.setRadius(on ? DOT_RADIUS_PX + 3 : DOT_RADIUS_PX);
      dot.setStyle({ weight: on ? 3 : 1.5, color: on ? '#0c4a6e' : '#ffffff' });
      if (on) dot.bringToFront();
    }
  }
  return wanted;
}

/** Rings around the selected and the hovered listing, above every marker. */
function drawRings(
  group: L.LayerGroup,
  homes: readonly Home[],
  hovered: string | null,
  selected: string | null,
): void {
  group.clearLayers();
  for (const [key, kind] of [
    [selected, 'selected'],
    [hovered, 'hovered'],
  ] as const) {
    // Two lookups per hover: a scan beats building a 10,000-entry map up front.
    const home = key ? homes.find((h) => h.key === key) : undefined;
    if (!key || !home?.position) continue;
    group.addLayer(
      L.marker(home.position, {
        icon: ringIcon(key, kind),
        interactive: false,
        keyboard: false,
        zIndexOffset: kind === 'hovered' ? 3000 : 2500,
      }),
    );
  }
}

/**
 * What makes the marker of an item in view, for one index and one scale: a cluster's bubble
 * on the canvas (its median on the scale; a click zooms in, a hover names it), or a listing's
 * dot or price pin in its colour (hover and click go to `callbacks`). `family`: the map's font.
 */
function markerMaker(
  map: L.Map,
  family: string,
  index: ClusterIndex,
  homes: readonly Home[],
  scale: ColorScale | null,
  callbacks: RefObject<Callbacks>,
): (item: InView, usePins: boolean) => Made {
  const colorOfHome = (home: Home) =>
    scale ? colorOf(scale, scale.valueOf(home)) : statusColor(home.status);
  // A cluster's median on the scale, once per cluster for this index and scale: a move
  // asks again for the clusters it already drew.
  const medians = new Map<number, number | undefined>();
  const clusterMedian = (id: number): ClusterMedian | undefined => {
    if (!scale) return undefined;
    if (!medians.has(id)) {
      const members = index.getLeaves(id, Infinity).map((leaf) => homes[leaf.properties.i]);
      medians.set(
        id,
        medianOn(
          scale,
          members.filter((h) => h !== undefined),
        ),
      );
    }
    const value = medians.get(id);
    return value === undefined
      ? undefined
      : { value, label: scale.short(value), color: colorOf(scale, value) };
  };

  return (item, usePins) => {
    const [lng, lat] = item.geometry.coordinates as [number, number];
    if (isCluster(item)) {
      const id = item.properties.cluster_id;
      const count = item.properties.point_count;
      const median = clusterMedian(id);
      const bubble = new ClusterBubble([lat, lng], count, median, family, () =>
        map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom())),
      );
      // The canvas has no element per bubble to carry a title: the map's shows while over one.
      const container = map.getContainer();
      bubble.on('mouseover', () => (container.title = bubbleName(count, median)));
      bubble.on('mouseout', () => container.removeAttribute('title'));
      return { layer: bubble, key: null };
    }
    const home = homes[item.properties.i];
    if (!home) return null;
    const key = home.key;
    const layer = usePins
      ? L.marker([lat, lng], {
          icon: pinIcon(key, home.pinLabel, colorOfHome(home)),
          keyboard: false,
          bubblingMouseEvents: false,
          riseOnHover: true,
        })
      : L.circleMarker([lat, lng], {
          radius: DOT_RADIUS_PX,
          color: '#ffffff',
          weight: 1.5,
          fillColor: colorOfHome(home),
          fillOpacity: 0.9,
          bubblingMouseEvents: false,
        });
    layer.on('click', () => callbacks.current.onSelect?.(key));
    layer.on('mouseover', () => callbacks.current.onHover?.(key));
    layer.on('mouseout', () => callbacks.current.onHover?.(null));
    return { key, layer };
  };
}

/**
 * Draws what is in view into a new group, a slice at a time (adding a hundred markers to the
 * map is a long task on a phone; the "markers" stage of ../PIPELINE.md), and hands it to `done`
 * once complete, which swaps it for the previous group: until then the old markers stay, so a
 * move never blanks the map. Price pins once few enough single listings are in view, else dots.
 * Returns what stops the drawing (and removes the group, unless it was handed over).
 */
function drawInView(
  map: L.Map,
  index: ClusterIndex,
  make: (item: InView, usePins: boolean) => Made,
  done: (group: L.LayerGroup, drawn: Drawn, counts: RenderCounts) => void,
): () => void {
  const b = map.getBounds().pad(0.15);
  const zoom = Math.round(map.getZoom());
  // Single listings first: the canvas draws in order, and the bubbles go over the dots (as
  // when they were DOM markers).
  const items = clustersInView(
    index,
    toBBox(b.getWest(), b.getSouth(), b.getEast(), b.getNorth()),
    zoom,
  ).sort((x, y) => Number(isCluster(x)) - Number(isCluster(y)));
  const clusters = items.filter(isCluster).length;
  const singles = items.length - clusters;
  const usePins = singles <= PIN_LIMIT && zoom >= PIN_MIN_ZOOM;
  const next = L.layerGroup().addTo(map);
  const drawn = newDrawn();
  let handedOver = false;
  const stop = eachInSlicesOnMap(
    map,
    items,
    (item) => {
      const made = make(item, usePins);
      if (!made) return;
      const { layer, key } = made;
      if (layer instanceof ClusterBubble) drawn.bubbles.push(layer);
      else if (key !== null) {
        if (layer instanceof L.CircleMarker) drawn.dots.set(key, layer);
        else drawn.pins.set(key, layer);
      }
      next.addLayer(layer);
    },
    () => {
      handedOver = true;
      done(next, drawn, { clusters, points: singles, pins: usePins ? singles : 0 });
    },
  );
  return () => {
    stop();
    if (!handedOver) next.remove();
  };
}

/**
 * The cluster index of `homes`: built here for a few listings; for thousands built in a worker
 * (decision 125), null until it is back, while the markers drawn before stay on the map.
 */
function useClusterIndex(homes: readonly Home[]): ClusterIndex | null {
  const here = useMemo(() => (buildsOffPage(homes) ? null : buildClusterIndex(homes)), [homes]);
  const [offPage, setOffPage] = useState<{ homes: readonly Home[]; index: ClusterIndex } | null>(
    null,
  );
  useEffect(() => {
    if (here) return;
    let live = true;
    void clusterIndexOffPage(homes).then((index) => {
      if (live) setOffPage({ homes, index });
    });
    return () => {
      live = false;
    };
  }, [homes, here]);
  return here ?? (offPage?.homes === homes ? offPage.index : null);
}

/**
 * The listings as supercluster clusters for the current view: cluster bubbles
 * with counts and canvas dots for single listings, both on the map's canvas (the
 * listbox of the bubbles is the keyboard's way to them), and price pins once few enough
 * single listings are in view. The index is built once per set of listings (thousands of them
 * in a worker); each move or zoom only asks it for what is in view.
 */
export function ClusterLayer({
  homes,
  scale,
  hoveredKey,
  selectedKey,
  onHover,
  onSelect,
  onRendered,
}: ClusterLayerProps) {
  const map = useMap();
  const index = useClusterIndex(homes);
  useEffect(() => makeCanvasAhead(map), [map]);
  const callbacks = useRef<Callbacks>({ onHover, onSelect, onRendered });
  const emphasis = useRef({ hoveredKey, selectedKey });
  useLayoutEffect(() => {
    callbacks.current = { onHover, onSelect, onRendered };
    emphasis.current = { hoveredKey, selectedKey };
  });
  const drawn = useRef<Drawn>(newDrawn());
  /** Keys drawn emphasised now: a hover touches these and the new ones, not every marker. */
  const styled = useRef(new Set<string>());
  const rings = useRef<L.LayerGroup | null>(null);
  /** The markers on the map: kept while the next set is drawn (a new colour, a new selection). */
  const shown = useRef<L.LayerGroup | null>(null);
  /** The bubbles' listbox: the canvas has no element a keyboard or a screen reader could reach. */
  const keys = useRef<BubbleKeys | null>(null);
  useEffect(() => {
    keys.current = bubbleKeys(map);
    return () => {
      shown.current?.remove();
      shown.current = null;
      keys.current?.remove();
      keys.current = null;
    };
  }, [map]);

  const applyEmphasis = useCallback(() => {
    const { hoveredKey: hovered, selectedKey: selected } = emphasis.current;
    styled.current = emphasiseMarkers(drawn.current, styled.current, hovered, selected);
    if (rings.current) drawRings(rings.current, homes, hovered, selected);
  }, [homes]);

  useEffect(() => {
    if (!index) return;
    const ringGroup = L.layerGroup().addTo(map);
    rings.current = ringGroup;
    const container = map.getContainer();
    // Read once per set of listings and scale: the bubbles' text in the page's font.
    const family = getComputedStyle(container).fontFamily || 'sans-serif';
    const make = markerMaker(map, family, index, homes, scale, callbacks);
    let stopDrawing = () => {};
    const draw = () => {
      stopDrawing();
      stopDrawing = drawInView(map, index, make, (group, drawnNow, counts) => {
        shown.current?.remove();
        shown.current = group;
        drawn.current = drawnNow;
        styled.current = new Set();
        applyEmphasis();
        showTagsWithRoom(drawnNow.bubbles);
        keys.current?.show(drawnNow.bubbles);
        container.dataset.clusters = String(counts.clusters);
        container.dataset.points = String(counts.points);
        container.dataset.pins = String(counts.pins);
        callbacks.current.onRendered?.(counts);
      });
    };

    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      stopDrawing();
      ringGroup.remove();
      rings.current = null;
    };
  }, [map, index, homes, scale, applyEmphasis]);

  useEffect(() => {
    applyEmphasis();
  }, [hoveredKey, selectedKey, applyEmphasis]);

  return null;
}
