import L from 'leaflet';
import { labelsWithRoom } from '../lib/declutter.ts';

/*
 * Cluster bubbles drawn on the map's canvas with the single listings' dots (decision 119): a
 * DOM marker per bubble made every zoom start restyle, animate and paint each one (the map
 * bench's longest task). What a DOM bubble gave for free is kept here: its count, its median
 * tag (decluttered), its name on hover, a click that zooms in, and (new) a keyboard way in:
 * a listbox of the bubbles, with a ring over the chosen one.
 */

/** A cluster's median on the colour scale: its value, as the legend writes it, its colour. */
export interface ClusterMedian {
  value: number;
  label: string;
  color: string;
}

const BORDER_PX = 2;
/** The ring of the bubble's colour around it (a quarter opaque), as the DOM bubble's shadow was. */
const HALO_PX = 4;
const TAG_GAP_PX = 2;
const TAG_HEIGHT_PX = 16;
const TAG_PAD_PX = 4;
const DEFAULT_COLOR = '#0f766e';
const DEFAULT_FILL = 'rgb(15 118 110 / 0.88)';

export function bubbleSize(count: number): number {
  return count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 44 : 52;
}

export function bubbleText(count: number): string {
  return count >= 10_000 ? `${Math.round(count / 1000)}K` : String(count);
}

/** What a bubble does, in words: its button's name and its tooltip. */
export function bubbleName(count: number, median?: ClusterMedian): string {
  return median
    ? `${count} listings, median ${median.label}: zoom in`
    : `${count} listings: zoom in`;
}

const tagFont = (family: string) => `600 10px ${family}`;
let measurer: CanvasRenderingContext2D | null | undefined;
function measureTag(label: string, family: string): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return label.length * 6 + 2 * TAG_PAD_PX;
  measurer.font = tagFont(family);
  return Math.ceil(measurer.measureText(label).width) + 2 * TAG_PAD_PX;
}

/** Leaflet's own members a canvas path draws with (not in its types). */
interface CanvasPath {
  _renderer: { _ctx: CanvasRenderingContext2D; _drawing: boolean };
  _point: L.Point;
  _pxBounds: L.Bounds;
  _empty(): boolean;
}

/**
 * One cluster's bubble: a circle marker (Leaflet re-projects it on zoom, redraws it with the
 * canvas and finds it under the pointer) that draws its count, its halo and its median tag.
 */
export class ClusterBubble extends L.CircleMarker {
  readonly count: number;
  readonly median: ClusterMedian | undefined;
  readonly size: number;
  readonly choose: () => void;
  /** Shown only where it covers no other tag or bubble ({@link showTagsWithRoom}). */
  showsTag = false;
  private readonly family: string;
  private readonly tagWidth: number;

  constructor(
    latlng: L.LatLngExpression,
    count: number,
    median: ClusterMedian | undefined,
    family: string,
    choose: () => void,
  ) {
    const size = bubbleSize(count);
    super(latlng, { radius: size / 2, bubblingMouseEvents: false });
    this.count = count;
    this.median = median;
    this.size = size;
    this.family = family;
    this.choose = choose;
    this.tagWidth = median ? measureTag(median.label, family) : 0;
    this.on('click', choose);
  }

  /** The bubble's box and its tag's, in layer pixels (the tag's only with a median). */
  boxes(): { bubble: L.Bounds; tag: L.Bounds | null } {
    const p = (this as unknown as CanvasPath)._point;
    const r = this.size / 2;
    const bubble = L.bounds([p.x - r, p.y - r], [p.x + r, p.y + r]);
    if (!this.median) return { bubble, tag: null };
    const top = p.y + r + TAG_GAP_PX;
    const half = this.tagWidth / 2;
    return { bubble, tag: L.bounds([p.x - half, top], [p.x + half, top + TAG_HEIGHT_PX]) };
  }

  /** Leaflet redraws the canvas by areas: this one holds the halo and the tag. */
  _updateBounds(): void {
    const self = this as unknown as CanvasPath;
    const { bubble, tag } = this.boxes();
    const halo = bubble.pad(HALO_PX / this.size + 0.05);
    self._pxBounds = tag ? halo.extend(tag.pad(0.1)) : halo;
  }

  _updatePath(): void {
    const self = this as unknown as CanvasPath;
    if (!self._renderer._drawing || self._empty()) return;
    const ctx = self._renderer._ctx;
    const { x, y } = self._point;
    const r = this.size / 2;
    const color = this.median?.color ?? DEFAULT_COLOR;
    ctx.save();
    ctx.beginPath();
    ctx.arc(x, y, r + HALO_PX / 2, 0, Math.PI * 2);
    ctx.globalAlpha = 0.25;
    ctx.lineWidth = HALO_PX;
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.beginPath();
    ctx.arc(x, y, r - BORDER_PX / 2, 0, Math.PI * 2);
    ctx.fillStyle = this.median ? color : DEFAULT_FILL;
    ctx.fill();
    ctx.lineWidth = BORDER_PX;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `700 12px ${this.family}`;
    ctx.fillStyle = '#ffffff';
    ctx.fillText(bubbleText(this.count), x, y);
    if (this.median && this.showsTag) {
      const top = y + r + TAG_GAP_PX;
      ctx.beginPath();
      ctx.roundRect(x - this.tagWidth / 2, top, this.tagWidth, TAG_HEIGHT_PX, 4);
      ctx.fillStyle = 'rgb(255 255 255 / 0.92)';
      ctx.fill();
      ctx.font = tagFont(this.family);
      ctx.fillStyle = '#0f172a';
      ctx.fillText(this.median.label, x, top + TAG_HEIGHT_PX / 2);
    }
    ctx.restore();
  }
}

const box = (b: L.Bounds) => ({ left: b.min!.x, top: b.min!.y, right: b.max!.x, bottom: b.max!.y });
const NO_BOX = { left: 0, top: 0, right: 0, bottom: 0 };

/**
 * Shows the median tags that cover no other tag and no other bubble (issue 40.5: they piled up
 * into an unreadable heap); the bigger cluster keeps its tag. Run once a draw is complete, on
 * the bubbles' projected points: no layout to read.
 */
export function showTagsWithRoom(bubbles: readonly ClusterBubble[]): void {
  if (!bubbles.some((b) => b.median)) return;
  const labels = bubbles.map((b) => {
    const { bubble, tag } = b.boxes();
    // A bubble without a tag still takes its room.
    return { marker: box(bubble), box: tag ? box(tag) : NO_BOX, weight: tag ? b.count : -1 };
  });
  const shown = labelsWithRoom(labels);
  bubbles.forEach((b, i) => {
    const show = labels[i]!.weight >= 0 && shown[i] === true;
    if (show === b.showsTag) return;
    b.showsTag = show;
    b.redraw();
  });
}

export interface BubbleKeys {
  /** The bubbles now on the map (a draw complete): they replace the previous ones. */
  show(bubbles: readonly ClusterBubble[]): void;
  remove(): void;
}

let keysMade = 0;

/**
 * The keyboard's and the screen reader's way to the bubbles: a listbox, "Clusters in view", one
 * tab stop, the nearest the map's centre first; arrows, Home and End choose a bubble, Enter or
 * Space zooms into it, and a ring shows the chosen one on the map. Only the chosen option is an
 * element (aria-activedescendant, with its place among them all, as the listings' list does):
 * an element per bubble was a style and layout of some 600 elements after every draw, the cost
 * the canvas took away. The listbox itself is visually hidden.
 */
export function bubbleKeys(map: L.Map): BubbleKeys {
  const container = map.getContainer();
  const list = document.createElement('div');
  list.className = 'realty-cluster-keys';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Clusters in view');
  list.tabIndex = 0;
  list.dataset.testid = 'cluster-keys';
  const option = document.createElement('div');
  option.id = `realty-cluster-key-${++keysMade}`;
  option.setAttribute('role', 'option');
  option.setAttribute('aria-selected', 'true');
  option.dataset.testid = 'cluster';
  const ring = document.createElement('div');
  ring.className = 'realty-cluster-ring';
  ring.hidden = true;
  L.DomEvent.disableClickPropagation(list);
  container.insertBefore(list, container.querySelector('.leaflet-control-container'));
  container.append(ring);
  let bubbles: readonly ClusterBubble[] = [];
  let current = 0;

  const place = () => {
    const bubble = bubbles[current];
    if (!bubble || document.activeElement !== list) {
      ring.hidden = true;
      return;
    }
    const p = map.latLngToContainerPoint(bubble.getLatLng());
    const size = bubble.size + HALO_PX * 2;
    Object.assign(ring.style, {
      left: `${p.x}px`,
      top: `${p.y}px`,
      width: `${size}px`,
      height: `${size}px`,
    });
    ring.hidden = false;
  };
  const choose = (i: number) => {
    current = i;
    const bubble = bubbles[i];
    if (!bubble) {
      option.remove();
      list.removeAttribute('aria-activedescendant');
    } else {
      option.textContent = bubbleName(bubble.count, bubble.median);
      option.setAttribute('aria-setsize', String(bubbles.length));
      option.setAttribute('aria-posinset', String(i + 1));
      option.dataset.count = String(bubble.count);
      if (bubble.median) {
        option.dataset.median = String(bubble.median.value);
        option.dataset.color = bubble.median.color;
      } else {
        delete option.dataset.median;
        delete option.dataset.color;
      }
      if (!option.isConnected) list.append(option);
      list.setAttribute('aria-activedescendant', option.id);
    }
    place();
  };

  list.addEventListener('focus', place);
  list.addEventListener('blur', place);
  list.addEventListener('click', () => bubbles[current]?.choose());
  list.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      bubbles[current]?.choose();
      return;
    }
    const last = bubbles.length - 1;
    const to =
      e.key === 'ArrowDown' || e.key === 'ArrowRight'
        ? Math.min(current + 1, last)
        : e.key === 'ArrowUp' || e.key === 'ArrowLeft'
          ? Math.max(current - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    choose(to);
  });
  map.on('move zoomend', place);

  return {
    show(next) {
      const centre = map.latLngToLayerPoint(map.getCenter());
      const away = (b: ClusterBubble) => map.latLngToLayerPoint(b.getLatLng()).distanceTo(centre);
      bubbles = next
        .map((b) => ({ b, d: away(b) }))
        .sort((x, y) => x.d - y.d)
        .map(({ b }) => b);
      list.dataset.listings = String(bubbles.reduce((sum, b) => sum + b.count, 0));
      // After a zoom into a bubble, the new view's first is where that one was.
      choose(0);
    },
    remove() {
      map.off('move zoomend', place);
      list.remove();
      ring.remove();
    },
  };
}
