import type { Home } from './home.ts';

export function median(values: ArrayLike<number>): number | undefined {
  if (values.length === 0) return undefined;
  // A typed array sorts numbers as numbers, with no comparator call per pair (10,000 listings).
  const sorted = Float64Array.from(values).sort();
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
  const bins = Math.max(1, Math.min(maxBins, Math.ceil(Math.sqrt(values.length))));
  const width = (max - min) / bins;
  // One value, or a range too narrow (or too wide) for floating point to split into bins.
  if (!(width > 0) || !Number.isFinite(width) || min + width === min)
    return [{ from: min, to: max, count: values.length }];
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

/** Sale prices (for sale, sold) and monthly rents: never one figure over both. */
export type PriceKind = 'sale' | 'rent';

export const kindOf = (h: Home): PriceKind => (h.isRental ? 'rent' : 'sale');

/** The medians of one kind of listing; each over the listings that have its value. */
export interface KindMedians {
  listings: number;
  priced: number;
  price: number | undefined;
  withPerArea: number;
  /** Per square foot (a rent's per month). */
  perArea: number | undefined;
  withDays: number;
  days: number | undefined;
}

export interface SelectionMedians {
  sale: KindMedians;
  rent: KindMedians;
  /** Left out of every figure per area: listings without a living area... */
  noArea: number;
  /** ...and those with one but no usable price. */
  noPrice: number;
}

function kindMedians(homes: readonly Home[]): KindMedians {
  const prices: number[] = [];
  const perArea: number[] = [];
  const days: number[] = [];
  for (const h of homes) {
    if (h.price !== undefined) prices.push(h.price);
    if (h.pricePerArea !== undefined) perArea.push(h.pricePerArea);
    if (h.daysOnMarket !== undefined) days.push(h.daysOnMarket);
  }
  return {
    listings: homes.length,
    priced: prices.length,
    price: median(prices),
    withPerArea: perArea.length,
    perArea: median(perArea),
    withDays: days.length,
    days: median(days),
  };
}

/** The medians of the listings shown (the selection), sale prices and rents apart. */
export function selectionMedians(homes: readonly Home[]): SelectionMedians {
  const sale: Home[] = [];
  const rent: Home[] = [];
  let noArea = 0;
  let noPrice = 0;
  for (const h of homes) {
    (h.isRental ? rent : sale).push(h);
    if (h.livingArea === undefined) noArea++;
    else if (h.price === undefined) noPrice++;
  }
  return { sale: kindMedians(sale), rent: kindMedians(rent), noArea, noPrice };
}

/**
 * How far a listing's price per area lies from the median of its kind in the selection: -0.12
 * is 12% below. Undefined without a price per area (or a median to compare with).
 */
export function gapToMedian(h: Home, medians: SelectionMedians): number | undefined {
  const m = medians[kindOf(h)].perArea;
  if (h.pricePerArea === undefined || m === undefined || m <= 0) return undefined;
  const gap = h.pricePerArea / m - 1;
  // Absurd data (a price near the largest number) gives a gap no percentage can write.
  return Number.isFinite(gap * 100) ? gap : undefined;
}

/** "12% below", "8% above", "at" (within half a percent): the words before "the median". */
export function gapWords(gap: number): string {
  const pct = Math.round(Math.abs(gap) * 100);
  if (pct === 0) return 'at';
  return `${pct}% ${gap < 0 ? 'below' : 'above'}`;
}

export interface DataQuality {
  total: number;
  noCoordinates: number;
  noPrice: number;
  noArea: number;
  noPhotos: number;
}

export function dataQuality(homes: readonly Home[]): DataQuality {
  let noCoordinates = 0;
  let noPrice = 0;
  let noArea = 0;
  let noPhotos = 0;
  for (const h of homes) {
    if (!h.position) noCoordinates++;
    if (h.price === undefined) noPrice++;
    if (h.livingArea === undefined) noArea++;
    if (!h.hasPhoto) noPhotos++;
  }
  return { total: homes.length, noCoordinates, noPrice, noArea, noPhotos };
}
