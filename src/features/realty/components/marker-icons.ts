import L from 'leaflet';

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

export function ringIcon(key: string, kind: 'hovered' | 'selected'): L.DivIcon {
  const el = document.createElement('div');
  el.className = 'realty-ring';
  el.dataset.key = key;
  el.dataset.kind = kind;
  el.dataset.testid = kind === 'hovered' ? 'emphasised-marker' : 'selected-marker';
  return icon(el);
}
