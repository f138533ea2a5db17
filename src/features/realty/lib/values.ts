import type { RealtyListing } from '../../../api/schemas.ts';
import { isRecord } from '../../../lib/is-record.ts';

/*
 * Lenient readers of a listing's values, for the one reader of a listing (home.ts, with its
 * parts coordinates.ts and photos.ts). The service sends numbers as text ("3", "1,250"), flags
 * as text ("true"), and nulls, empty strings or empty objects for "unknown" (upstream-notes.md):
 * each reader takes anything, answers a clean value or undefined, and never throws.
 */

/** Trimmed text; undefined for anything else, an empty or blank string too. */
export function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/**
 * A finite number, from a number or a numeric text ("1,250", " 3 "). A negative zero reads as
 * zero: JSON writes both as 0, and an export must read back as shown.
 */
export function number(v: unknown): number | undefined {
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && v.trim() !== ''
        ? Number(v.replace(/[,\s]/g, ''))
        : NaN;
  return Number.isFinite(n) ? n + 0 : undefined;
}

/** A number of things (beds, days): zero or more. */
export function count(v: unknown): number | undefined {
  const n = number(v);
  return n !== undefined && n >= 0 ? n : undefined;
}

/** An amount (a price, an estimate): more than zero; 0 is the scrapers' "unknown". */
export function amount(v: unknown): number | undefined {
  const n = number(v);
  return n !== undefined && n > 0 ? n : undefined;
}

/** A flag is set only by `true` (or the text "true"). */
export function flag(v: unknown): boolean {
  return v === true || v === 'true';
}

/** An id or key: a finite number as its digits, or trimmed text. */
export function idText(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  return text(v);
}

/** The listing's detail data (`hdpData.homeInfo`), when it is an object. */
export function homeInfoOf(listing: RealtyListing): RealtyListing | undefined {
  const hdp = listing['hdpData'];
  return isRecord(hdp) && isRecord(hdp['homeInfo']) ? hdp['homeInfo'] : undefined;
}
