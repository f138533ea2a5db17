import { amount } from './values.ts';

/**
 * Living area and price per area. The service gives the living area in square feet (`area`,
 * `hdpData.homeInfo.livingArea`: upstream-notes.md); a home keeps it so, and its price per
 * square foot. Square metres are a way of showing them, chosen by the reader (the page URL's
 * `unit=m2`), converted where a figure is shown or exported.
 */
export type AreaUnit = 'sqft' | 'm2';

export const SQFT_PER_M2 = 10.763_910_4;

/** `unit` from the page URL: square metres only when it says so. */
export function parseAreaUnit(raw: string | null): AreaUnit {
  return raw === 'm2' ? 'm2' : 'sqft';
}

/** "sq ft" or "m²". */
export function unitLabel(unit: AreaUnit): string {
  return unit === 'm2' ? 'm²' : 'sq ft';
}

/**
 * A lot's unit as the service writes it (`lotAreaUnit`: "sqft", "acres"), in the page's words:
 * "4,805 sq ft" like every other area on it, not "4,805 sqft".
 */
export function lotUnitLabel(raw: string): string {
  return /^(sq\.?\s*ft\.?|sqft|ft²)$/i.test(raw.trim()) ? unitLabel('sqft') : raw;
}

/**
 * A living area in square feet from a value as the service writes it: a number, text ("1,850",
 * "1,850 sqft"); 0, a negative or anything else is unknown (a scraper's 0 is "no data").
 */
export function areaAmount(v: unknown): number | undefined {
  return amount(typeof v === 'string' ? v.replace(/\s*(sq\.?\s*ft\.?|sqft|ft²)\s*$/i, '') : v);
}

/** An area given in square feet, in the unit. */
export function areaIn(sqft: number, unit: AreaUnit): number {
  return unit === 'm2' ? sqft / SQFT_PER_M2 : sqft;
}

/** A price per square foot, per the unit (a square metre holds 10.76 square feet). */
export function perAreaIn(perSqft: number, unit: AreaUnit): number {
  return unit === 'm2' ? perSqft * SQFT_PER_M2 : perSqft;
}

/** Thousands separators by hand, as price.ts does (Intl is slow over 10,000 rows). */
function grouped(n: number, decimals: number): string {
  const [whole = '0', part] = n.toFixed(decimals).split('.');
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return part ? `${digits}.${part}` : digits;
}

/** "1,850 sq ft", "172 m²". */
export function formatArea(sqft: number, unit: AreaUnit): string {
  return `${grouped(areaIn(sqft, unit), 0)} ${unitLabel(unit)}`;
}

/**
 * "$412/sq ft", "$4,435/m²"; a rent per month, "$2.15/sq ft/mo". Cents below $100, where a
 * whole number would hide the difference between two rents.
 */
export function formatPerArea(
  perSqft: number,
  unit: AreaUnit,
  options: { monthly?: boolean; symbol?: string } = {},
): string {
  return formatPerUnit(perAreaIn(perSqft, unit), unit, options);
}

/** A price per area already in the unit (a scale built in it): "$4,435/m²". */
export function formatPerUnit(
  n: number,
  unit: AreaUnit,
  { monthly = false, symbol = '$' } = {},
): string {
  return `${symbol}${grouped(n, n < 100 ? 2 : 0)}/${unitLabel(unit)}${monthly ? '/mo' : ''}`;
}
