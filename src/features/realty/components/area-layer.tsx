import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import type { LatLng } from '../lib/coordinates.ts';
import { polygonFrom, rectFrom, type Shape } from '../lib/shape.ts';

/** How the reader is choosing an area: dragging a rectangle, clicking a polygon's corners, or the view. */
export type DrawMode = 'rect' | 'poly' | 'view';

export interface AreaLayerProps {
  shape: Shape | null;
  /** What is being drawn now; 'view' takes the map's visible area at once. */
  drawing: DrawMode | null;
  /** The shape drawn, or null when the drawing was given up (Escape). */
  onDrawn: (shape: Shape | null) => void;
}

const SHAPE_STYLE: L.PathOptions = {
  color: '#0c4a6e',
  weight: 2,
  dashArray: '6 4',
  fillColor: '#0ea5e9',
  fillOpacity: 0.08,
  interactive: false,
};
/** A click this close (pixels) to the first corner closes the polygon. */
const CLOSE_PX = 10;

/**
 * The drawn area as an SVG path of its own (the dots are on a canvas): one element, which the
 * page can name (`.realty-area`).
 */
function layerOf(shape: Shape, renderer: L.Renderer): L.Path {
  const options = { ...SHAPE_STYLE, renderer, className: 'realty-area' };
  return shape.kind === 'rect'
    ? L.rectangle(
        [
          [shape.south, shape.west],
          [shape.north, shape.east],
        ],
        options,
      )
    : L.polygon(
        shape.points.map((p) => [p.lat, p.lng] as L.LatLngTuple),
        options,
      );
}

const plain = (ll: L.LatLng): LatLng => ({ lat: ll.lat, lng: ll.lng });

/** A key meant for a field (Backspace in the price filter), not for the drawing. */
const typing = (e: KeyboardEvent) =>
  e.target instanceof HTMLElement &&
  (e.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName));

/** The part of the map in view, as a rectangle within the world's coordinates. */
function viewRect(map: L.Map): Shape {
  const b = map.getBounds();
  const clamp = (ll: L.LatLng) => ({
    lat: Math.max(-90, Math.min(90, ll.lat)),
    lng: Math.max(-180, Math.min(180, ll.lng)),
  });
  return rectFrom(clamp(b.getSouthWest()), clamp(b.getNorthEast()));
}

/**
 * A rectangle by dragging: pointer events on the map's element (the map does not pan meanwhile).
 * Returns the way to stop.
 */
function drawRectangle(map: L.Map, done: (shape: Shape | null) => void): () => void {
  const el = map.getContainer();
  let start: L.LatLng | null = null;
  let preview: L.Rectangle | null = null;
  const down = (e: PointerEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    start = map.mouseEventToLatLng(e);
  };
  const move = (e: PointerEvent) => {
    if (!start) return;
    const bounds = L.latLngBounds(start, map.mouseEventToLatLng(e));
    if (preview) preview.setBounds(bounds);
    else preview = L.rectangle(bounds, { ...SHAPE_STYLE, dashArray: '' }).addTo(map);
  };
  const up = (e: PointerEvent) => {
    if (!start) return;
    const from = map.latLngToContainerPoint(start);
    const to = map.mouseEventToContainerPoint(e);
    const end = map.mouseEventToLatLng(e);
    const first = start;
    start = null;
    preview?.remove();
    preview = null;
    // A click without a drag draws nothing: the reader may try again.
    if (Math.abs(from.x - to.x) >= 4 && Math.abs(from.y - to.y) >= 4)
      done(rectFrom(plain(first), plain(end)));
  };
  // A finger's drag draws too, instead of scrolling the page.
  const touchAction = el.style.touchAction;
  el.style.touchAction = 'none';
  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  return () => {
    el.style.touchAction = touchAction;
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    preview?.remove();
  };
}

/**
 * A polygon by clicks: each click a corner (a drag still pans the map, Leaflet sends no click
 * for it); a double click, a click on the first corner or Enter closes it, Backspace takes the
 * last corner back. Returns the way to stop.
 */
function drawPolygon(map: L.Map, done: (shape: Shape | null) => void): () => void {
  const corners: L.LatLng[] = [];
  const line = L.polyline([], { ...SHAPE_STYLE, dashArray: '' }).addTo(map);
  const redraw = (pointer?: L.LatLng) =>
    line.setLatLngs(pointer && corners.length > 0 ? [...corners, pointer] : corners);
  const finish = () => {
    const shape = polygonFrom(corners.map(plain));
    if (shape) done(shape);
  };
  const click = (e: L.LeafletMouseEvent) => {
    const first = corners[0];
    if (
      first &&
      corners.length >= 3 &&
      map.latLngToContainerPoint(first).distanceTo(e.containerPoint) <= CLOSE_PX
    )
      return finish();
    corners.push(e.latlng);
    redraw();
  };
  const move = (e: L.LeafletMouseEvent) => redraw(e.latlng);
  const key = (e: KeyboardEvent) => {
    if (typing(e)) return;
    if (e.key === 'Enter') finish();
    else if (e.key === 'Backspace' && corners.length > 0) {
      e.preventDefault();
      corners.pop();
      redraw();
    }
  };
  map.on('click', click);
  map.on('mousemove', move);
  map.on('dblclick', finish);
  document.addEventListener('keydown', key);
  return () => {
    map.off('click', click);
    map.off('mousemove', move);
    map.off('dblclick', finish);
    document.removeEventListener('keydown', key);
    line.remove();
  };
}

/**
 * The drawn area on the map, and the drawing of a new one. While drawing, the markers let the
 * pointer through (a corner may fall on a listing's dot), the map does not zoom on a double
 * click, and Escape gives up.
 */
export function AreaLayer({ shape, drawing, onDrawn }: AreaLayerProps) {
  const map = useMap();
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });

  const [svg] = useState(() => L.svg());
  useEffect(() => {
    if (!shape) return;
    const layer = layerOf(shape, svg).addTo(map);
    return () => void layer.remove();
  }, [map, shape, svg]);

  useEffect(() => {
    if (!drawing) return;
    const done = (s: Shape | null) => onDrawnRef.current(s);
    if (drawing === 'view') {
      done(viewRect(map));
      return;
    }
    const el = map.getContainer();
    el.classList.add('is-drawing');
    map.doubleClickZoom.disable();
    if (drawing === 'rect') map.dragging.disable();
    const stop = drawing === 'rect' ? drawRectangle(map, done) : drawPolygon(map, done);
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !typing(e)) done(null);
    };
    document.addEventListener('keydown', escape);
    return () => {
      stop();
      document.removeEventListener('keydown', escape);
      el.classList.remove('is-drawing');
      map.doubleClickZoom.enable();
      map.dragging.enable();
    };
  }, [map, drawing]);

  return null;
}
