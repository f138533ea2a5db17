import L from 'leaflet';
import { MAX_ZOOM, MIN_ZOOM, OPENING_VIEW } from '../map-config.ts';

const MAP_OPTIONS: L.MapOptions = {
  minZoom: MIN_ZOOM,
  maxZoom: MAX_ZOOM,
  preferCanvas: true,
  worldCopyJump: true,
};

let spare: L.Map | null = null;

function buildMap(): L.Map {
  const container = document.createElement('div');
  container.className = 'h-full w-full';
  return L.map(container, MAP_OPTIONS).setView(OPENING_VIEW.center, OPENING_VIEW.zoom);
}

/**
 * Builds the next listings map off the page while the reader fills in the form (the "ahead"
 * stage of ../PIPELINE.md). Creating a
 * Leaflet map (its panes, handlers, controls) is a long task on a phone; built here, it is no
 * part of the work between the answer and the drawn listings. Off the page it lays nothing out.
 */
export function buildSpareMap(): void {
  spare ??= buildMap();
}

/** The map built ahead, or a new one; either way its container is not on the page yet. */
export function takeMap(): L.Map {
  const map = spare ?? buildMap();
  spare = null;
  return map;
}
