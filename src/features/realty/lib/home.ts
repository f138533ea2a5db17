import type { RealtyListing } from '../../../api/schemas.ts';
import { inSlices } from '../../../lib/next-task.ts';
import { areaAmount } from './area.ts';
import { placeListing, type LatLng, type UnmappedReason } from './coordinates.ts';
import { seemsToHavePhoto } from './photos.ts';
import { compactPrice, formatPrice, parsePriceText } from './price.ts';
import { amount, count, homeInfoOf, idText, number, text } from './values.ts';

/**
 * One listing as the view uses it: every field a part of the view shows (list, map, stats,
 * filters, drawer, exports), read once from the listing as the service sent it. This is the
 * one reader of a listing; its parts read the position (coordinates.ts) and, where they are
 * shown, the photos (photos.ts). Nothing else reads the listing's fields.
 */
export interface Home {
  /** Unique within a response: rpid, else id, else the position in the response. */
  key: string;
  /** Position in the response ("as listed" order). */
  index: number;
  /** The listing as the service sent it: the drawer's JSON, and its photos. */
  listing: RealtyListing;
  /** Its detail data (`hdpData.homeInfo`) as sent: the drawer lists every field of it. */
  info: RealtyListing | undefined;
  position: LatLng | null;
  unmapped: UnmappedReason | null;
  price: number | undefined;
  /** The price as the service wrote it, when it is text ("From $450,000", "Contact for price"). */
  priceText: string | undefined;
  /** "$1,234,567", "$2,045/mo", the upstream's own text ("Contact for price") or "No price". */
  priceLabel: string;
  /** Short enough for a map pin: "$1.2M", "$850K", "$2,045/mo". */
  pinLabel: string;
  isRental: boolean;
  /** The currency sign the listing's prices are written with ("$"). */
  symbol: string;
  /** Living area in square feet: `area`, else the detail data's `livingArea`. */
  livingArea: number | undefined;
  /**
   * Price per square foot (a rent's per month), when the listing has both a price and a living
   * area; figures per area leave the others out, and say how many.
   */
  pricePerArea: number | undefined;
  beds: number | undefined;
  baths: number | undefined;
  daysOnMarket: number | undefined;
  homeType: string | undefined;
  /** `statusType`, or "UNKNOWN". */
  status: string;
  statusText: string;
  /** The full address, or its parts joined, or "Address unknown". */
  address: string;
  street: string | undefined;
  city: string | undefined;
  state: string | undefined;
  zipcode: string | undefined;
  estimate: number | undefined;
  rentEstimate: number | undefined;
  taxAssessedValue: number | undefined;
  lotArea: number | undefined;
  lotAreaUnit: string | undefined;
  broker: string | undefined;
  /** Free text the site shows with the listing ("52 days on …", "Private and quiet bedroom"). */
  note: string | undefined;
  detailUrl: string | undefined;
  /** A quick judgement (see seemsToHavePhoto); the photos themselves are read where shown. */
  hasPhoto: boolean;
}

const DAY_MS = 86_400_000;

/** "1 Main St, Austin, TX 78701" from whichever parts there are. */
function joinAddress(parts: Pick<Home, 'street' | 'city' | 'state' | 'zipcode'>): string {
  const line = [parts.street, parts.city, [parts.state, parts.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return line || 'Address unknown';
}

/** Reads one listing (an object, as the response schema keeps it) into a home. */
export function toHome(listing: RealtyListing, index: number, key: string): Home {
  const info = homeInfoOf(listing);
  const placement = placeListing(listing, info);
  const rawPrice = listing['price'];
  const priceText = text(rawPrice);
  // The exact numbers first (a numeric `price`, the detail data's), then the amount in the text.
  const price =
    amount(listing['unformattedPrice']) ??
    (typeof rawPrice === 'number' ? amount(rawPrice) : undefined) ??
    amount(info?.['price']) ??
    amount(info?.['priceForHDP']) ??
    (priceText !== undefined ? parsePriceText(priceText) : undefined);
  const statusType = text(listing['statusType']);
  const isRental =
    statusType === 'FOR_RENT' ||
    info?.['homeStatus'] === 'FOR_RENT' ||
    (priceText !== undefined && /\/\s*mo\b|per month/i.test(priceText));
  const symbol = text(listing['countryCurrency']) ?? '$';
  const livingArea = areaAmount(listing['area']) ?? areaAmount(info?.['livingArea']);
  const time = count(info?.['timeOnRealty']);
  const parts = {
    street: text(listing['addressStreet']) ?? text(info?.['streetAddress']),
    city: text(listing['addressCity']) ?? text(info?.['city']),
    state: text(listing['addressState']) ?? text(info?.['state']),
    zipcode: text(listing['addressZipcode']) ?? text(info?.['zipcode']),
  };
  return {
    key,
    index,
    listing,
    info,
    position: placement.position,
    unmapped: placement.reason,
    price,
    priceText,
    priceLabel:
      price !== undefined
        ? formatPrice(price, { monthly: isRental, symbol })
        : (priceText ?? 'No price'),
    pinLabel: price !== undefined ? compactPrice(price, { monthly: isRental, symbol }) : 'No price',
    isRental,
    symbol,
    livingArea,
    pricePerArea:
      price !== undefined && livingArea !== undefined ? number(price / livingArea) : undefined,
    beds: count(listing['beds']) ?? count(info?.['bedrooms']),
    baths: count(listing['baths']) ?? count(info?.['bathrooms']),
    daysOnMarket:
      count(info?.['daysOnRealty']) ?? (time !== undefined ? Math.floor(time / DAY_MS) : undefined),
    homeType: text(info?.['homeType']),
    status: statusType ?? text(info?.['homeStatus']) ?? 'UNKNOWN',
    statusText: text(listing['statusText']) ?? statusType ?? 'Status unknown',
    address: text(listing['address']) ?? joinAddress(parts),
    ...parts,
    estimate: number(listing['estimate']) ?? number(info?.['estimate']),
    rentEstimate: number(info?.['rentEstimate']),
    taxAssessedValue: number(info?.['taxAssessedValue']),
    lotArea: number(info?.['lotAreaValue']),
    lotAreaUnit: text(info?.['lotAreaUnit']),
    broker: text(listing['brokerName']),
    note: text(listing['flexFieldText']),
    detailUrl: text(listing['detailUrl']),
    hasPhoto: seemsToHavePhoto(listing),
  };
}

/**
 * Reads homes one listing at a time, keys unique within the response: the service's id (under
 * the neutral name `rpid`, else `id`, else the detail data's), and a repeated one gets "~n".
 */
function homeReader(): (listing: RealtyListing, index: number) => Home {
  const seen = new Set<string>();
  return (listing, index) => {
    const id =
      idText(listing['rpid']) ?? idText(listing['id']) ?? idText(homeInfoOf(listing)?.['rpid']);
    let key = id ?? `#${index + 1}`;
    if (seen.has(key)) key = `${key}~${index + 1}`;
    seen.add(key);
    return toHome(listing, index, key);
  };
}

/** Every listing of a response, in order, each with a key unique within the response. */
export function toHomes(listings: readonly RealtyListing[]): Home[] {
  return listings.map(homeReader());
}

const read = new WeakMap<readonly RealtyListing[], Home[]>();

/**
 * The "read" stage of the realty pipeline (../PIPELINE.md): a response's homes, read ahead of
 * its render a slice at a time, each slice a task of its own (a page of 500 listings read at
 * once is one long task on a phone, 10,000 one on any machine). `homesOf` then finds them.
 */
export function readHomes(listings: readonly RealtyListing[]): Promise<void> {
  if (read.has(listings)) return Promise.resolve();
  const next = homeReader();
  const homes: Home[] = [];
  return inSlices(listings, (listing, index) => homes.push(next(listing, index))).then(() => {
    read.set(listings, homes);
  });
}

/** The homes of a response: read ahead by `readHomes` (a fetched answer), else now (a restored one). */
export function homesOf(listings: readonly RealtyListing[]): Home[] {
  return read.get(listings) ?? toHomes(listings);
}
