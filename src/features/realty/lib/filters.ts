import type { Home } from './home.ts';

export interface Filters {
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
  minBaths?: number;
  homeType?: string;
  status?: string;
}

/** Page-URL parameter of each filter; they sit beside the catalogue's `url`. */
export const FILTER_PARAMS = [
  'minPrice',
  'maxPrice',
  'minBeds',
  'minBaths',
  'homeType',
  'status',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

const NUMERIC: ReadonlySet<FilterParam> = new Set(['minPrice', 'maxPrice', 'minBeds', 'minBaths']);

function nonNegative(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw.replace(/[,\s$]/g, ''));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Filters from the page URL; a value that does not parse is ignored, never an error. */
export function parseFilters(params: URLSearchParams): Filters {
  const f: Filters = {};
  for (const name of FILTER_PARAMS) {
    const raw = params.get(name);
    if (NUMERIC.has(name)) {
      const n = nonNegative(raw);
      if (n !== undefined) (f as Record<string, number>)[name] = n;
    } else if (raw !== null && raw.trim() !== '') {
      (f as Record<string, string>)[name] = raw.trim();
    }
  }
  return f;
}

export function activeFilterCount(f: Filters): number {
  return FILTER_PARAMS.filter((n) => f[n] !== undefined).length;
}

/** Whether a listing passes. A bound on a value the listing lacks (no price, a lot without beds) excludes it. */
export function matchesFilters(h: Home, f: Filters): boolean {
  if (f.minPrice !== undefined && !(h.price !== undefined && h.price >= f.minPrice)) return false;
  if (f.maxPrice !== undefined && !(h.price !== undefined && h.price <= f.maxPrice)) return false;
  if (f.minBeds !== undefined && !(h.beds !== undefined && h.beds >= f.minBeds)) return false;
  if (f.minBaths !== undefined && !(h.baths !== undefined && h.baths >= f.minBaths)) return false;
  if (f.homeType !== undefined && h.homeType !== f.homeType) return false;
  if (f.status !== undefined && h.status !== f.status) return false;
  return true;
}

export function applyFilters(homes: readonly Home[], f: Filters): readonly Home[] {
  return activeFilterCount(f) === 0 ? homes : homes.filter((h) => matchesFilters(h, f));
}

/** The distinct values of a field, most frequent first, for a filter's choices. */
export function valueCounts(
  homes: readonly Home[],
  pick: (h: Home) => string | undefined,
): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const h of homes) {
    const v = pick(h);
    if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, n]) => ({ value, count: n }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** "SINGLE_FAMILY" → "Single family", "FOR_RENT" → "For rent". */
export function humanizeEnum(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
