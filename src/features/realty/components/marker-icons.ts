import L from 'leaflet';
import { labelsWithRoom, type Box } from '../lib/declutter.ts';

/*
 * Marker elements are built with the DOM API and `textContent`, never HTML
 * strings: labels and keys come from the upstream and are untrusted.
 * `iconSize: null` leaves sizing to CSS; the element is centred by a transform.
 */

function icon(el: HTMLElement): L.DivIcon {
  return L.divIcon({
    className: 'realty-icon',
    html: el,
    iconSize: null as unknown as L.PointExpression,
  });
}

export function pinIcon(key: string, label: string, color: string): L.DivIcon {
  const el = document.createElement('div');
  el.className = 'realty-pin';
  el.textContent = label;
  el.dataset.key = key;
  el.dataset.testid = 'price-pin';
  el.style.setProperty('--pin', color);
  return icon(el);
}

/**
 * A cluster's bubble with its count; on a colour scale, coloured by its listings' median, which
 * a tag under it shows (in the legend's terms: "$412" when the map is coloured per sq ft).
 */
export function clusterIcon(
  count: number,
  median?: { value: number; label: string; color: string },
): L.DivIcon {
  const el = document.createElement('div');
  el.className = 'realty-cluster';
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 44 : 52;
  el.style.width = el.style.height = `${size}px`;
  el.textContent = count >= 10_000 ? `${Math.round(count / 1000)}K` : String(count);
  el.dataset.testid = 'cluster';
  el.dataset.count = String(count);
  el.title = `${count} listings: zoom in`;
  if (median) {
    el.style.setProperty('--cluster', median.color);
    el.dataset.median = String(median.value);
    el.title = `${count} listings, median ${median.label}: zoom in`;
    const tag = document.createElement('span');
    tag.className = 'realty-cluster-median';
    tag.textContent = median.label;
    el.append(tag);
  }
  return icon(el);
}

export function ringIcon(key: string, kind: 'hovered' | 'selected'): L.DivIcon {
  const el = document.createElement('div');
  el.className = 'realty-ring';
  el.dataset.key = key;
  el.dataset.kind = kind;
  el.dataset.testid = kind === 'hovered' ? 'emphasised-marker' : 'selected-marker';
  return icon(el);
}

const boxOf = (el: Element): Box => {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
};

/**
 * Hides the median tags that would cover another tag or another cluster's bubble (issue 40.5:
 * the tags overlapped into an unreadable pile); the bigger cluster keeps its tag, and every
 * bubble keeps its colour and its title. Run after each draw: one layout read of the clusters.
 */
export function hideCrowdedMedians(container: HTMLElement): void {
  const clusters = [...container.querySelectorAll<HTMLElement>('.realty-cluster')];
  const tagged = clusters.filter((c) => c.querySelector('.realty-cluster-median'));
  if (tagged.length === 0) return;
  for (const c of tagged) c.classList.remove('is-crowded');
  const labels = clusters.map((c) => {
    const tag = c.querySelector('.realty-cluster-median');
    const marker = boxOf(c);
    // A cluster without a tag still takes its bubble's room.
    const box = tag ? boxOf(tag) : { left: 0, top: 0, right: 0, bottom: 0 };
    return { marker, box, weight: tag ? Number(c.dataset.count) : -1 };
  });
  const shown = labelsWithRoom(labels);
  clusters.forEach((c, i) => {
    if (labels[i]!.weight >= 0 && !shown[i]) c.classList.add('is-crowded');
  });
}
