import type { HomeInfo, RealtyListing } from '../../../api/schemas.ts';
import { inSlices } from '../../../lib/next-task.ts';
import { placeListing, type LatLng, type UnmappedReason } from './coordinates.ts';
import { seemsToHavePhoto } from './photos.ts';
import { compactPrice, formatPrice, parsePriceText, positiveNumber } from './price.ts';

/** One listing as the view uses it: the upstream record plus what every part reads from it. */
export interface Home {
  /** Unique within a response: rpid, else id, else the position in the response. */
  key: string;
  /** Position in the response ("as listed" order). */
  index: number;
  listing: RealtyListing;
  position: LatLng | null;
  unmapped: UnmappedReason | null;
  price: number | undefined;
  /** "$1,234,567", "$2,045/mo", the upstream's own text ("Contact for price") or "No price". */
  priceLabel: string;
  /** Short enough for a map pin: "$1.2M", "$850K", "$2,045/mo". */
  pinLabel: string;
  isRental: boolean;
  beds: number | undefined;
  baths: number | undefined;
  daysOnMarket: number | undefined;
  homeType: string | undefined;
  /** `statusType`, or "UNKNOWN". */
  status: string;
  statusText: string;
  address: string;
  /** A quick judgement (see seemsToHavePhoto); the photos themselves are read where shown. */
  hasPhoto: boolean;
}

const DAY_MS = 86_400_000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function count(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  // + 0 turns -0 into 0: JSON writes both as 0, and an export must read back as shown.
  return Number.isFinite(n) && n >= 0 ? n + 0 : undefined;
}

function idText(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  return text(v);
}

export function homeInfoOf(listing: RealtyListing): HomeInfo | undefined {
  const hdp: unknown = (listing as Record<string, unknown>)['hdpData'];
  return isRecord(hdp) && isRecord(hdp['homeInfo']) ? hdp['homeInfo'] : undefined;
}

/**
 * The amount of a listing: the exact numbers first (`unformattedPrice`, a
 * numeric `price`, the detail data's price), then the amount in the price text.
 */
export function priceOf(listing: RealtyListing, info = homeInfoOf(listing)): number | undefined {
  const l = listing as Record<string, unknown>;
  return (
    positiveNumber(l['unformattedPrice']) ??
    (typeof l['price'] === 'number' ? positiveNumber(l['price']) : undefined) ??
    positiveNumber(info?.price) ??
    positiveNumber(info?.priceForHDP) ??
    (typeof l['price'] === 'string' ? parsePriceText(l['price']) : undefined)
  );
}

function isRentalListing(l: Record<string, unknown>, info: HomeInfo | undefined): boolean {
  if (l['statusType'] === 'FOR_RENT' || info?.homeStatus === 'FOR_RENT') return true;
  const p = l['price'];
  return typeof p === 'string' && /\/\s*mo\b|per month/i.test(p);
}

function addressOf(l: Record<string, unknown>, info: HomeInfo | undefined): string {
  const full = text(l['address']);
  if (full) return full;
  const street = text(l['addressStreet']) ?? text(info?.streetAddress);
  const city = text(l['addressCity']) ?? text(info?.city);
  const state = text(l['addressState']) ?? text(info?.state);
  const zip = text(l['addressZipcode']) ?? text(info?.zipcode);
  const parts = [street, city, [state, zip].filter(Boolean).join(' ')].filter(
    (p): p is string => !!p,
  );
  return parts.length > 0 ? parts.join(', ') : 'Address unknown';
}

export function toHome(
  listing: RealtyListing,
  index: number,
  key: string,
  info = homeInfoOf(listing),
): Home {
  const l = listing as Record<string, unknown>;
  const placement = placeListing(listing);
  const price = priceOf(listing, info);
  const isRental = isRentalListing(l, info);
  const symbol = text(l['countryCurrency']) ?? '$';
  const priceText = typeof l['price'] === 'string' ? text(l['price']) : undefined;
  const time = count(info?.timeOnRealty);
  return {
    key,
    index,
    listing,
    position: placement.position,
    unmapped: placement.reason,
    price,
    priceLabel:
      price !== undefined
        ? formatPrice(price, { monthly: isRental, symbol })
        : (priceText ?? 'No price'),
    pinLabel: price !== undefined ? compactPrice(price, { monthly: isRental, symbol }) : 'No price',
    isRental,
    beds: count(l['beds']) ?? count(info?.bedrooms),
    baths: count(l['baths']) ?? count(info?.bathrooms),
    daysOnMarket:
      count(info?.daysOnRealty) ?? (time !== undefined ? Math.floor(time / DAY_MS) : undefined),
    homeType: text(info?.homeType),
    status: text(l['statusType']) ?? text(info?.homeStatus) ?? 'UNKNOWN',
    statusText: text(l['statusText']) ?? text(l['statusType']) ?? 'Status unknown',
    address: addressOf(l, info),
    hasPhoto: seemsToHavePhoto(l),
  };
}

/** Makes homes one listing at a time, keys unique within the response (a repeated id gets "~n"). */
function homeMaker(): (listing: RealtyListing, index: number) => Home {
  const seen = new Set<string>();
  return (listing, index) => {
    const l = (isRecord(listing) ? listing : {}) as Record<string, unknown>;
    const info = homeInfoOf(l as RealtyListing);
    const id = idText(l['rpid']) ?? idText(l['id']) ?? idText(info?.rpid);
    let key = id ?? `#${index + 1}`;
    if (seen.has(key)) key = `${key}~${index + 1}`;
    seen.add(key);
    return toHome(l as RealtyListing, index, key, info);
  };
}

/** Every listing of a response, in order, each with a key unique within the response. */
export function toHomes(listings: readonly RealtyListing[]): Home[] {
  return listings.map(homeMaker());
}

const prepared = new WeakMap<readonly RealtyListing[], Home[]>();

/**
 * Makes a response's homes ahead of its render, a slice at a time, each slice its own task:
 * on a phone, a page of 500 listings made at once during the render is one long task between
 * the answer and the list. `homesOf` then finds them ready.
 */
export function prepareHomes(listings: readonly RealtyListing[]): Promise<void> {
  if (prepared.has(listings)) return Promise.resolve();
  const make = homeMaker();
  const homes: Home[] = [];
  return inSlices(listings, (listing, index) => homes.push(make(listing, index))).then(() => {
    prepared.set(listings, homes);
  });
}

/** The homes of a response: made ahead by `prepareHomes` (a fetched answer), else now (a restored one). */
export function homesOf(listings: readonly RealtyListing[]): Home[] {
  return prepared.get(listings) ?? toHomes(listings);
}
