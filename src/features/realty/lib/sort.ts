import type { Home } from './home.ts';

export type SortField = 'listed' | 'price' | 'ppa' | 'beds' | 'baths' | 'days';
export type SortDir = 'asc' | 'desc';
export interface SortOrder {
  field: SortField;
  dir: SortDir;
}

export const DEFAULT_SORT: SortOrder = { field: 'listed', dir: 'asc' };

export const SORT_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'listed-asc', label: 'As listed' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'ppa-asc', label: 'Price per area: low to high' },
  { value: 'ppa-desc', label: 'Price per area: high to low' },
  { value: 'beds-desc', label: 'Beds: most first' },
  { value: 'beds-asc', label: 'Beds: fewest first' },
  { value: 'baths-desc', label: 'Baths: most first' },
  { value: 'baths-asc', label: 'Baths: fewest first' },
  { value: 'days-asc', label: 'Days on market: newest first' },
  { value: 'days-desc', label: 'Days on market: oldest first' },
];

const FIELDS: ReadonlySet<string> = new Set(['listed', 'price', 'ppa', 'beds', 'baths', 'days']);

export function parseSort(raw: string | null): SortOrder {
  const m = /^([a-z]+)-(asc|desc)$/.exec(raw ?? '');
  if (!m || !FIELDS.has(m[1] ?? '')) return DEFAULT_SORT;
  return { field: m[1] as SortField, dir: m[2] as SortDir };
}

export function sortParam(order: SortOrder): string | null {
  return order.field === DEFAULT_SORT.field && order.dir === DEFAULT_SORT.dir
    ? null
    : `${order.field}-${order.dir}`;
}

function valueOf(h: Home, field: SortField): number | undefined {
  switch (field) {
    case 'listed':
      return h.index;
    case 'price':
      return h.price;
    case 'ppa':
      return h.pricePerArea;
    case 'beds':
      return h.beds;
    case 'baths':
      return h.baths;
    case 'days':
      return h.daysOnMarket;
  }
}

/** A sorted copy. Listings without the value come last in both directions; ties keep the response order. */
export function sortHomes(homes: readonly Home[], order: SortOrder): readonly Home[] {
  if (order.field === 'listed' && order.dir === 'asc') return homes;
  const sign = order.dir === 'asc' ? 1 : -1;
  return [...homes].sort((a, b) => {
    const va = valueOf(a, order.field);
    const vb = valueOf(b, order.field);
    if (va === undefined || vb === undefined) {
      if (va !== vb) return va === undefined ? 1 : -1;
      return a.index - b.index;
    }
    return (va - vb) * sign || a.index - b.index;
  });
}
