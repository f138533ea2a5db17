import type { Home } from './home.ts';

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? sorted[mid]
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface Bin {
  from: number;
  to: number;
  count: number;
}

/** Equal-width bins from the smallest to the largest value (the last bin includes the maximum). */
export function histogram(values: readonly number[], maxBins = 12): Bin[] {
  if (values.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === max) return [{ from: min, to: max, count: values.length }];
  const bins = Math.max(1, Math.min(maxBins, Math.ceil(Math.sqrt(values.length))));
  const width = (max - min) / bins;
  const out: Bin[] = Array.from({ length: bins }, (_, i) => ({
    from: min + i * width,
    to: i === bins - 1 ? max : min + (i + 1) * width,
    count: 0,
  }));
  for (const v of values) {
    const i = Math.min(bins - 1, Math.max(0, Math.floor((v - min) / width)));
    (out[i] as Bin).count++;
  }
  return out;
}

export interface PriceStats {
  /** Sale prices and monthly rents do not mix: the stats use whichever kind most listings have. */
  basis: 'sale' | 'rent';
  count: number;
  /** Priced listings of the other kind, left out of these numbers. */
  otherKind: number;
  median: number | undefined;
  min: number | undefined;
  max: number | undefined;
  bins: Bin[];
}

export function priceStats(homes: readonly Home[]): PriceStats {
  const sale: number[] = [];
  const rent: number[] = [];
  for (const h of homes) {
    if (h.price === undefined) continue;
    (h.isRental ? rent : sale).push(h.price);
  }
  const basis = rent.length > sale.length ? 'rent' : 'sale';
  const values = basis === 'rent' ? rent : sale;
  return {
    basis,
    count: values.length,
    otherKind: basis === 'rent' ? sale.length : rent.length,
    median: median(values),
    min: values.length > 0 ? Math.min(...values) : undefined,
    max: values.length > 0 ? Math.max(...values) : undefined,
    bins: histogram(values),
  };
}

export interface DataQuality {
  total: number;
  noCoordinates: number;
  noPrice: number;
  noPhotos: number;
}

export function dataQuality(homes: readonly Home[]): DataQuality {
  let noCoordinates = 0;
  let noPrice = 0;
  let noPhotos = 0;
  for (const h of homes) {
    if (!h.position) noCoordinates++;
    if (h.price === undefined) noPrice++;
    if (!h.hasPhoto) noPhotos++;
  }
  return { total: homes.length, noCoordinates, noPrice, noPhotos };
}
