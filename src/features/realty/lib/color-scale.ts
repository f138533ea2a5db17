import { formatPerUnit, perAreaIn, type AreaUnit } from './area.ts';
import type { Home } from './home.ts';
import { compactPrice } from './price.ts';
import { kindOf, median, type PriceKind } from './stats.ts';

/** What the map's dots, pins and clusters are coloured by (the page URL's `color`). */
export type ColorMode = 'status' | 'price' | 'ppa' | 'days';
export type ValueMode = Exclude<ColorMode, 'status'>;

export const COLOR_MODES: readonly { value: ColorMode; label: string }[] = [
  { value: 'status', label: 'Status' },
  { value: 'price', label: 'Price' },
  { value: 'ppa', label: 'Price per area' },
  { value: 'days', label: 'Days on market' },
];

export function parseColorMode(raw: string | null): ColorMode {
  return raw === 'price' || raw === 'ppa' || raw === 'days' ? raw : 'status';
}

/**
 * Low to high; each keeps 4.5:1 contrast with the white text of a price pin. A scale of fewer
 * bins takes colours spread over the whole range.
 */
export const SCALE_COLORS = ['#1e40af', '#0e7490', '#4d7c0f', '#b45309', '#b91c1c'] as const;
/** Listings that are not on the scale (no value, or a price of the other kind). */
export const NO_VALUE_COLOR = '#64748b';

export interface ScaleBin {
  /** Inclusive. */
  from: number;
  /** Exclusive, but for the last bin, which holds the largest value. */
  to: number;
  color: string;
  count: number;
}

export interface ColorScale {
  mode: ValueMode;
  /** The kind of price the scale is about (price modes): the kind most of the listings have. */
  kind: PriceKind | undefined;
  unit: AreaUnit;
  bins: ScaleBin[];
  /** The bins' inner bounds: bins[i] holds edges[i-1] ≤ v < edges[i]. */
  edges: readonly number[];
  /** Listings of the other kind of price, left off the scale (never one scale over both). */
  otherKind: number;
  /** Listings without the value (no price, no living area, no days on market). */
  noValue: number;
  /** A listing's value on this scale, or undefined when it is not on it. */
  valueOf: (h: Home) => number | undefined;
  /** A value as the legend writes it ("$450K", "$412/sq ft", "12 days"). */
  label: (n: number) => string;
  /** Shorter, under a cluster and at the start of a range ("$450K", "$412", "12"). */
  short: (n: number) => string;
}

/** Rounded to two significant figures, so the legend reads $450K rather than $447,812. */
export function roundNice(n: number): number {
  if (n <= 0 || !Number.isFinite(n)) return n;
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}

/**
 * Up to `most` bins holding about as many listings each (quantiles), their bounds rounded to
 * two significant figures (whole days for days). Equal-width bins would put most of a city in
 * one colour: prices are skewed.
 */
export function quantileEdges(
  sorted: ArrayLike<number>,
  most = SCALE_COLORS.length,
  whole = false,
): number[] {
  const n = sorted.length;
  if (n === 0) return [];
  const min = sorted[0] as number;
  const max = sorted[n - 1] as number;
  const edges: number[] = [];
  for (let k = 1; k < most; k++) {
    const raw = sorted[Math.floor((k * n) / most)] as number;
    const edge = whole ? Math.round(raw) : roundNice(raw);
    // Strictly rising, and each bin holds at least its lower bound's value.
    if (edge > min && edge <= max && edge > (edges.at(-1) ?? -Infinity)) edges.push(edge);
  }
  return edges;
}

/** The bin a value falls in: bins[i] holds edges[i-1] ≤ v < edges[i]. */
export function binIndex(edges: readonly number[], v: number): number {
  let i = 0;
  while (i < edges.length && v >= (edges[i] as number)) i++;
  return i;
}

/**
 * The edges whose bin holds a value: rounding two quantiles can leave none between them, and a
 * legend row of 0 is a colour that is nowhere on the map. An empty bin joins the one below it.
 */
function nonEmpty(sorted: ArrayLike<number>, edges: number[]): number[] {
  const counts = new Array<number>(edges.length + 1).fill(0);
  for (let i = 0; i < sorted.length; i++)
    (counts[binIndex(edges, sorted[i] as number)] as number)++;
  return edges.filter((_, i) => (counts[i + 1] as number) > 0);
}

/** The palette's colours for `count` bins, spread from the lowest to the highest. */
function colorsFor(count: number): string[] {
  const last = SCALE_COLORS.length - 1;
  if (count <= 1) return [SCALE_COLORS[Math.floor(last / 2)] as string];
  return Array.from(
    { length: count },
    (_, i) => SCALE_COLORS[Math.round((i * last) / (count - 1))] as string,
  );
}

function reader(mode: ValueMode, unit: AreaUnit): (h: Home) => number | undefined {
  if (mode === 'price') return (h) => h.price;
  if (mode === 'days') return (h) => h.daysOnMarket;
  return (h) => (h.pricePerArea === undefined ? undefined : perAreaIn(h.pricePerArea, unit));
}

function labellers(mode: ValueMode, unit: AreaUnit, kind: PriceKind | undefined) {
  const monthly = kind === 'rent';
  if (mode === 'price') {
    const label = (n: number) => compactPrice(n, { monthly });
    return { label, short: monthly ? (n: number) => compactPrice(n) : label };
  }
  if (mode === 'ppa')
    return {
      label: (n: number) => formatPerUnit(n, unit, { monthly }),
      short: (n: number) => formatPerUnit(n, unit).replace(/\/.*$/, ''),
    };
  return {
    label: (n: number) => `${Math.round(n)} day${Math.round(n) === 1 ? '' : 's'}`,
    short: (n: number) => String(Math.round(n)),
  };
}

/**
 * The colour scale of a value over the listings on the map: quantile bins with their counts.
 * Prices and prices per area are of one kind (sale prices, or rents where most listings are
 * rentals); the other kind and listings without the value are counted and drawn apart.
 */
export function buildScale(homes: readonly Home[], mode: ValueMode, unit: AreaUnit): ColorScale {
  const read = reader(mode, unit);
  let kind: PriceKind | undefined;
  if (mode !== 'days') {
    let rent = 0;
    let sale = 0;
    for (const h of homes) {
      if (read(h) === undefined) continue;
      if (h.isRental) rent++;
      else sale++;
    }
    kind = rent > sale ? 'rent' : 'sale';
  }
  const valueOf =
    kind === undefined ? read : (h: Home) => (kindOf(h) === kind ? read(h) : undefined);
  const values: number[] = [];
  let otherKind = 0;
  let noValue = 0;
  for (const h of homes) {
    const v = valueOf(h);
    if (v !== undefined) values.push(v);
    else if (kind !== undefined && read(h) !== undefined) otherKind++;
    else noValue++;
  }
  const sorted = Float64Array.from(values).sort();
  const edges = nonEmpty(sorted, quantileEdges(sorted, SCALE_COLORS.length, mode === 'days'));
  const colors = colorsFor(edges.length + 1);
  const bins: ScaleBin[] =
    sorted.length === 0
      ? []
      : colors.map((color, i) => ({
          from: i === 0 ? (sorted[0] as number) : (edges[i - 1] as number),
          to: i === edges.length ? (sorted[sorted.length - 1] as number) : (edges[i] as number),
          color,
          count: 0,
        }));
  for (const v of sorted) (bins[binIndex(edges, v)] as ScaleBin).count++;
  return {
    mode,
    kind,
    unit,
    bins,
    edges,
    otherKind,
    noValue,
    valueOf,
    ...labellers(mode, unit, kind),
  };
}

/** The colour of a value on the scale (undefined: not on it). */
export function colorOf(scale: ColorScale, v: number | undefined): string {
  if (v === undefined) return NO_VALUE_COLOR;
  return scale.bins[binIndex(scale.edges, v)]?.color ?? NO_VALUE_COLOR;
}

/** The median of a group of listings' values on the scale (a cluster's), or undefined. */
export function medianOn(scale: ColorScale, homes: Iterable<Home>): number | undefined {
  const values: number[] = [];
  for (const h of homes) {
    const v = scale.valueOf(h);
    if (v !== undefined) values.push(v);
  }
  return median(values);
}
