/**
 * Fake `/realty` data for the sandbox: the listings of a listing-search page,
 * as the upstream answers `GET /realty?url=<page URL>` with
 * `{ "realty_listings": [...] }`.
 *
 * Everything is derived from the page URL through the seeded PRNG, so the same
 * URL always gives the same listings. The place in the URL's path picks the
 * city (see realty-cities.ts), path segments such as `for_rent` or `sold` bias
 * the statuses, and a few percent of the listings carry the messiness of the
 * live service: undisclosed addresses without coordinates, lots without
 * beds/baths, text prices, missing `hdpData` or photos, numbers as strings,
 * unknown extra fields and the id arriving only as `id`. Photos come in both
 * of the service's shapes (see listingPhotos).
 *
 * Each listing has its own generator (forked from the page's by index), so a
 * listing does not depend on how many come before it.
 */
import { createRng, hashString, type Rng } from '../random.ts';
import { DEFAULT_REALTY_CITY_SLUG, REALTY_CITIES, type RealtyCity } from './realty-cities.ts';

export { REALTY_CITIES } from './realty-cities.ts';
export type { RealtyCity } from './realty-cities.ts';

/** How many listings the bulk demo URL answers. */
export const REALTY_BULK_COUNT = 10_000;

/**
 * A documented example that answers exactly {@link REALTY_BULK_COUNT} listings:
 * any page URL with the query parameter `demo=10000` does.
 */
export const REALTY_BULK_URL = 'https://www.realty.example/homes/los-angeles-ca_rb/?demo=10000';

export const REALTY_EXAMPLE_URLS: readonly { label: string; url: string }[] = [
  { label: 'Seattle, WA: homes for sale', url: 'https://www.realty.example/homes/seattle-wa_rb/' },
  { label: 'Austin, TX: rentals', url: 'https://www.realty.example/homes/for_rent/austin-tx_rb/' },
  {
    label: 'Chicago, IL: recently sold',
    url: 'https://www.realty.example/homes/recently_sold/chicago-il_rb/',
  },
  { label: 'Miami, FL: homes for sale', url: 'https://www.realty.example/homes/miami-fl_rb/' },
  { label: 'Los Angeles, CA: 10,000 listings (bulk demo)', url: REALTY_BULK_URL },
];

const FAKE_HOST = 'https://www.realty.example';
const MIN_LISTINGS = 40;
const MAX_LISTINGS = 500;

type Mode = 'sale' | 'rent' | 'sold';
type HomeType =
  'SINGLE_FAMILY' | 'CONDO' | 'TOWNHOUSE' | 'MULTI_FAMILY' | 'LOT' | 'MANUFACTURED' | 'APARTMENT';

type Weighted<T> = readonly (readonly [T, number])[];

function weighted<T>(rng: Rng, items: Weighted<T>): T {
  let total = 0;
  for (const [, w] of items) total += w;
  let roll = rng.next() * total;
  for (const [item, w] of items) {
    roll -= w;
    if (roll < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/** Roughly standard normal (sum of three uniforms, rescaled). */
function gauss(rng: Rng): number {
  return (rng.next() + rng.next() + rng.next() - 1.5) * 2;
}

const commas = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const dollars = (n: number): string => `$${commas(n)}`;
const round = (n: number, step: number): number => Math.round(n / step) * step;
const fixed = (n: number, digits: number): number => Number(n.toFixed(digits));

// ---------------------------------------------------------------- the page URL

interface Page {
  city: RealtyCity;
  mode: Mode;
  bulk: boolean;
  seed: string;
}

const CITY_BY_SLUG = new Map(REALTY_CITIES.map((c) => [c.slug, c]));
const CITY_BY_NAME = new Map(REALTY_CITIES.map((c) => [slugify(c.name).toLowerCase(), c]));
const DEFAULT_CITY: RealtyCity = (() => {
  const found = CITY_BY_SLUG.get(DEFAULT_REALTY_CITY_SLUG) ?? REALTY_CITIES[0];
  if (!found) throw new Error('REALTY_CITIES is empty');
  return found;
})();

const RENT_SEGMENTS = new Set(['for_rent', 'for-rent', 'rent', 'rentals', 'apartments']);
const SOLD_SEGMENTS = new Set(['sold', 'recently_sold', 'recently-sold']);

function slugify(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function splitUrl(targetUrl: string): { path: string; demo: string | null } {
  try {
    // A base makes relative paths and bare words parse too.
    const url = new URL(targetUrl.trim(), FAKE_HOST);
    return { path: url.pathname, demo: url.searchParams.get('demo') };
  } catch {
    const cut = targetUrl.search(/[?#]/);
    return { path: cut >= 0 ? targetUrl.slice(0, cut) : targetUrl, demo: null };
  }
}

function cityOfSegment(segment: string): RealtyCity | undefined {
  const s = slugify(segment.replace(/_rb$/, '')).toLowerCase();
  if (s === '') return undefined;
  const exact = CITY_BY_SLUG.get(s) ?? CITY_BY_NAME.get(s);
  if (exact) return exact;
  if (/^\d{5}$/.test(s)) return REALTY_CITIES.find((c) => s.startsWith(c.zipPrefix));
  // `seattle-wa-98101`, `seattle-wa-homes`
  return REALTY_CITIES.find((c) => s.startsWith(`${c.slug}-`));
}

function describePage(targetUrl: string): Page {
  const { path, demo } = splitUrl(targetUrl);
  let city: RealtyCity | undefined;
  let mode: Mode = 'sale';
  for (const raw of path.split('/')) {
    const segment = safeDecode(raw).toLowerCase();
    if (RENT_SEGMENTS.has(segment)) mode = 'rent';
    else if (SOLD_SEGMENTS.has(segment)) mode = 'sold';
    else city ??= cityOfSegment(segment);
  }
  return {
    city: city ?? DEFAULT_CITY,
    mode,
    bulk: demo === String(REALTY_BULK_COUNT),
    seed: `realty|${targetUrl.trim()}`,
  };
}

// ---------------------------------------------------------------- vocabulary

// prettier-ignore
const STREET_NAMES = [
  'Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park',
  'Walnut', 'Spruce', 'Chestnut', 'Willow', 'Sunset', 'Highland', 'Jefferson', 'Lincoln',
  'Madison', 'Franklin', 'Jackson', 'Church', 'River', 'Spring', 'Meadow', 'Ridge', 'Forest',
  'Valley', 'Lakeview', 'Cherry', 'Birch', 'Hickory', 'Magnolia', 'Dogwood', 'Sycamore',
  'Aspen', 'Laurel', 'Poplar', 'Adams', 'Monroe', 'Union', 'Center', 'College', 'Mill',
  'Grove', 'Orchard', 'Prospect', 'Fairview', 'Greenwood', 'Woodland', 'Rosewood', 'Bayview',
  'Hillcrest', 'Cypress', 'Broadway', 'Market', 'Harrison', 'Cleveland', 'Wilson', 'Summit',
] as const;
// prettier-ignore
const STREET_SUFFIXES: Weighted<string> = [
  ['St', 25], ['Ave', 20], ['Dr', 15], ['Rd', 10], ['Ln', 8], ['Way', 6], ['Ct', 6],
  ['Pl', 4], ['Blvd', 3], ['Ter', 2], ['Cir', 2], ['Pkwy', 1],
];
const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

// prettier-ignore
const BROKERS = [
  'Harborline Realty', 'Summit & Vine Real Estate', 'Blue Door Homes', 'Cornerstone Property Group',
  'Keystone Collective Realty', 'Northpoint Realty Partners', 'Maple & Main Real Estate',
  'Brightside Realty', 'Anchor Point Properties', 'Open Gate Real Estate', 'Hearth & Home Realty',
  'Meridian Home Partners', 'Red Brick Realty Co.', 'True North Real Estate', 'Lighthouse Realty Group',
  'Parkside Brokers', 'Homestead Realty Advisors', 'Crescent Key Realty', 'Silver Oak Real Estate',
  'Front Porch Realty',
] as const;
// prettier-ignore
const RENTAL_MANAGERS = [
  'Greystone Property Management', 'Urban Nest Rentals', 'Keyhole Leasing', 'Cityline Residential',
  'Oakridge Property Services', 'Brightwater Leasing', 'Tenfold Apartment Homes',
] as const;
const BUILDING_WORDS = ['The', 'Lofts at', 'Residences at', 'Commons at', 'Flats on'] as const;

// prettier-ignore
const HOME_INSIGHTS = [
  'Spacious backyard', 'Updated kitchen', 'Hardwood floors', 'Mountain views', 'Walk-in closet',
  'Open floor plan', 'Quartz countertops', 'Fenced yard', 'Corner lot', 'Finished basement',
  'Vaulted ceilings', 'Detached garage', 'Close to light rail', 'Solar panels', 'Primary on main',
] as const;
// prettier-ignore
const LOT_INSIGHTS = [
  'Corner lot', 'Buildable lot', 'Utilities at street', 'Level lot', 'Territorial views', 'Zoned residential',
] as const;
// prettier-ignore
const OPEN_HOUSES = [
  'Open house Sat 1-3pm', 'Open house Sun 11am-1pm', 'Open house Sat 12-2pm', 'Open house Sun 2-4pm',
] as const;
// prettier-ignore
const RENT_NOTES = [
  'Available now', 'Pets allowed', 'In-unit laundry', 'Parking included', '1 month free',
  'Available Jun 1', 'Utilities included', 'Dog park on site',
] as const;

const TYPE_WORD: Record<HomeType, string> = {
  SINGLE_FAMILY: 'House',
  CONDO: 'Condo',
  TOWNHOUSE: 'Townhouse',
  MULTI_FAMILY: 'Multi-family home',
  LOT: 'Lot / Land',
  MANUFACTURED: 'Manufactured home',
  APARTMENT: 'Apartment',
};

// prettier-ignore
const HOME_TYPES: Record<Mode, Weighted<HomeType>> = {
  sale: [
    ['SINGLE_FAMILY', 55], ['CONDO', 16], ['TOWNHOUSE', 10], ['MULTI_FAMILY', 5], ['LOT', 7],
    ['MANUFACTURED', 4], ['APARTMENT', 1],
  ],
  rent: [
    ['APARTMENT', 38], ['CONDO', 20], ['SINGLE_FAMILY', 25], ['TOWNHOUSE', 12], ['MULTI_FAMILY', 4],
    ['MANUFACTURED', 1],
  ],
  sold: [
    ['SINGLE_FAMILY', 58], ['CONDO', 17], ['TOWNHOUSE', 11], ['MULTI_FAMILY', 5], ['LOT', 4],
    ['MANUFACTURED', 4], ['APARTMENT', 1],
  ],
};

/** How a page of a kind mixes listing kinds: a page is biased, not pure. */
const KIND_MIX: Record<Mode, Weighted<Mode>> = {
  sale: [
    ['sale', 94],
    ['rent', 3],
    ['sold', 3],
  ],
  rent: [
    ['rent', 96],
    ['sale', 2],
    ['sold', 2],
  ],
  sold: [
    ['sold', 96],
    ['sale', 2],
    ['rent', 2],
  ],
};

interface Status {
  kind: Mode;
  statusType: string;
  /** `{type}` is replaced by the home type's word. */
  statusText: string;
  rawHomeStatusCd: string;
  marketingStatusSimplifiedCd: string;
  homeStatus: string;
  pgapt: string;
  sgapt: string;
  subType: Record<string, boolean>;
  newConstruction?: boolean;
  auction?: boolean;
}

// prettier-ignore
const SALE_STATUSES: Weighted<Status> = [
  [{ kind: 'sale', statusType: 'FOR_SALE', statusText: '{type} for sale', rawHomeStatusCd: 'ForSale', marketingStatusSimplifiedCd: 'For Sale by Agent', homeStatus: 'FOR_SALE', pgapt: 'ForSale', sgapt: 'For Sale (Broker)', subType: { is_FSBA: true } }, 78],
  [{ kind: 'sale', statusType: 'FOR_SALE', statusText: 'For sale by owner', rawHomeStatusCd: 'ForSale', marketingStatusSimplifiedCd: 'For Sale by Owner', homeStatus: 'FOR_SALE', pgapt: 'ForSale', sgapt: 'For Sale by Owner', subType: { is_FSBA: false, is_FSBO: true } }, 3],
  [{ kind: 'sale', statusType: 'FOR_SALE', statusText: 'New construction', rawHomeStatusCd: 'ForSale', marketingStatusSimplifiedCd: 'New Construction', homeStatus: 'FOR_SALE', pgapt: 'ForSale', sgapt: 'New Construction', subType: { is_FSBA: false, is_newHome: true }, newConstruction: true }, 5],
  [{ kind: 'sale', statusType: 'FOR_SALE', statusText: 'Coming soon', rawHomeStatusCd: 'ComingSoon', marketingStatusSimplifiedCd: 'Coming Soon', homeStatus: 'FOR_SALE', pgapt: 'ForSale', sgapt: 'For Sale (Broker)', subType: { is_FSBA: true, is_comingSoon: true } }, 4],
  [{ kind: 'sale', statusType: 'FOR_SALE', statusText: 'Pending', rawHomeStatusCd: 'Pending', marketingStatusSimplifiedCd: 'Pending', homeStatus: 'PENDING', pgapt: 'ForSale', sgapt: 'For Sale (Broker)', subType: { is_FSBA: true, is_pending: true } }, 6],
  [{ kind: 'sale', statusType: 'FOR_SALE', statusText: 'Foreclosure', rawHomeStatusCd: 'ForSale', marketingStatusSimplifiedCd: 'Foreclosure', homeStatus: 'FOR_SALE', pgapt: 'ForSale', sgapt: 'For Sale (Broker)', subType: { is_FSBA: true, is_foreclosure: true } }, 2],
  [{ kind: 'sale', statusType: 'FOR_SALE', statusText: 'Auction', rawHomeStatusCd: 'ForSale', marketingStatusSimplifiedCd: 'Auction', homeStatus: 'FOR_SALE', pgapt: 'ForSale', sgapt: 'Auction', subType: { is_FSBA: false, is_forAuction: true }, auction: true }, 2],
];
// prettier-ignore
const RENT_STATUS: Status = { kind: 'rent', statusType: 'FOR_RENT', statusText: '{type} for rent', rawHomeStatusCd: 'ForRent', marketingStatusSimplifiedCd: 'For Rent', homeStatus: 'FOR_RENT', pgapt: 'ForRent', sgapt: 'For Rent', subType: { is_FSBA: false } };
// prettier-ignore
const SOLD_STATUS: Status = { kind: 'sold', statusType: 'SOLD', statusText: 'Sold', rawHomeStatusCd: 'RecentlySold', marketingStatusSimplifiedCd: 'Recently Sold', homeStatus: 'RECENTLY_SOLD', pgapt: 'RecentlySold', sgapt: 'Recently Sold', subType: { is_FSBA: false } };

// ---------------------------------------------------------------- one listing

const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG_EQUATOR = 111.32;
const DAY_MS = 86_400_000;

function place(rng: Rng, city: RealtyCity) {
  const [from, to] = city.landArc ?? [0, 360];
  const span = (to - from + 360) % 360 || 360;
  const bearing = (from + rng.next() * span) % 360;
  // u^1.3: more homes near the centre, thinning out towards the edge.
  const km = 0.2 + ((city.radiusKm ?? 15) - 0.2) * Math.pow(rng.next(), 1.3);
  const rad = (bearing * Math.PI) / 180;
  const north = km * Math.cos(rad);
  const east = km * Math.sin(rad);
  const latitude = fixed(city.lat + north / KM_PER_DEG_LAT, 6);
  const longitude = fixed(
    city.lng + east / (KM_PER_DEG_LNG_EQUATOR * Math.cos((city.lat * Math.PI) / 180)),
    6,
  );
  // Neighbouring homes share a ZIP code: one per ~4 km cell.
  const cell = `${city.slug}:${Math.floor(north / 4)}:${Math.floor(east / 4)}`;
  const zipcode = `${city.zipPrefix}${String((hashString(cell) % 98) + 1).padStart(2, '0')}`;
  const direction = DIRECTIONS[Math.round(bearing / 45) % 8] as string;
  return { latitude, longitude, km, zipcode, direction };
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function streetLine(rng: Rng, km: number, direction: string, homeType: HomeType): string {
  const number = rng.int(100, km > 8 ? 24_999 : 9_999);
  const name = rng.chance(0.3)
    ? `${ordinal(rng.int(1, 140))} ${rng.chance(0.5) ? 'Ave' : 'St'}`
    : `${rng.pick(STREET_NAMES)} ${weighted(rng, STREET_SUFFIXES)}`;
  const prefix = rng.chance(0.22) ? `${direction} ` : '';
  let line = `${number} ${prefix}${name}`;
  if (homeType === 'CONDO' || (homeType === 'APARTMENT' && rng.chance(0.5))) {
    const floor = rng.int(1, 24);
    line += rng.pick([
      ` APT ${floor * 100 + rng.int(1, 18)}`,
      ` UNIT ${floor}${rng.pick(['A', 'B', 'C', 'D'])}`,
      ` # ${floor * 100 + rng.int(1, 18)}`,
    ]);
  }
  return line;
}

/** Bedroom counts by home type, with weights. */
// prettier-ignore
const BEDROOMS: Record<Exclude<HomeType, 'LOT'>, Weighted<number>> = {
  SINGLE_FAMILY: [[2, 10], [3, 35], [4, 35], [5, 15], [6, 5]],
  CONDO: [[0, 8], [1, 36], [2, 41], [3, 15]],
  APARTMENT: [[0, 10], [1, 40], [2, 35], [3, 15]],
  TOWNHOUSE: [[2, 30], [3, 50], [4, 20]],
  MULTI_FAMILY: [[4, 25], [5, 20], [6, 25], [8, 20], [10, 10]],
  MANUFACTURED: [[2, 35], [3, 50], [4, 15]],
};

function bedsAndBaths(rng: Rng, homeType: HomeType): { beds: number; baths: number } | null {
  if (homeType === 'LOT') return null;
  const beds = weighted(rng, BEDROOMS[homeType]);
  const halves = (n: number) => round(n, 0.5);
  switch (homeType) {
    case 'SINGLE_FAMILY':
      return { beds, baths: Math.max(1, halves(beds * 0.65 + rng.next() * 1.2)) };
    case 'CONDO':
    case 'APARTMENT':
      return { beds, baths: Math.max(1, halves(beds * 0.6 + rng.next() * 0.9)) };
    case 'TOWNHOUSE':
      return { beds, baths: Math.max(1.5, halves(beds * 0.7 + rng.next() * 1.1)) };
    case 'MULTI_FAMILY':
      return { beds, baths: Math.max(2, Math.round(beds * 0.5 + rng.next() * 2)) };
    case 'MANUFACTURED':
      return { beds, baths: beds >= 3 ? 2 : rng.pick([1, 1.5, 2]) };
  }
}

/** Living area in square feet by home type and bedrooms (lots have none). */
function livingSqft(rng: Rng, homeType: HomeType, beds: number): number {
  const [base, perBed] =
    homeType === 'CONDO' || homeType === 'APARTMENT'
      ? [450, 330]
      : homeType === 'TOWNHOUSE'
        ? [650, 380]
        : homeType === 'MULTI_FAMILY'
          ? [300, 480]
          : homeType === 'MANUFACTURED'
            ? [600, 280]
            : [800, 430];
  return Math.max(280, round((base + perBed * beds) * (0.8 + rng.next() * 0.45), 10));
}

/**
 * The living area in the shapes the live service uses (upstream-notes.md): `area` (square feet)
 * at the top level and `livingArea` in the detail data, mostly both; sometimes only one, `area`
 * as text or as 0 (unknown); never for lots or buildings, and missing on some rentals. From a
 * generator of its own, so the rest of the listing is the same with or without it.
 */
function addLivingArea(
  r: Rng,
  item: Record<string, unknown>,
  homeInfo: Record<string, unknown>,
  homeType: HomeType,
  rooms: { beds: number } | null,
  kind: Mode,
): void {
  if (!rooms || item['isBuilding'] === true || (kind === 'rent' && r.chance(0.12))) return;
  const sqft = livingSqft(r, homeType, rooms.beds);
  const shape = weighted(r, [
    ['both', 86],
    ['detail only', 5],
    ['top only', 3],
    ['text', 3],
    ['zero', 3],
  ] as const);
  if (shape !== 'top only' && shape !== 'zero') homeInfo['livingArea'] = sqft;
  if (shape === 'both' || shape === 'top only') item['area'] = sqft;
  else if (shape === 'text') item['area'] = commas(sqft);
  else if (shape === 'zero') item['area'] = 0;
}

/** Lot size in square feet. */
function lotSqft(rng: Rng, homeType: HomeType, km: number): number {
  switch (homeType) {
    case 'LOT':
      return Math.round(4_000 * Math.pow(55, rng.next())); // ~4,000 sqft to ~5 acres
    case 'CONDO':
    case 'APARTMENT':
      return Math.round(10_000 + rng.next() * 70_000);
    case 'MANUFACTURED':
      return Math.round(3_000 + rng.next() * 40_000);
    case 'MULTI_FAMILY':
      return Math.round(4_000 + rng.next() * 8_000);
    default:
      return Math.round(
        (2_400 + km * 450) * (0.7 + rng.next() * 0.9) + (rng.chance(0.06) ? 40_000 : 0),
      );
  }
}

const TYPE_PRICE: Record<HomeType, number> = {
  SINGLE_FAMILY: 1,
  CONDO: 0.62,
  TOWNHOUSE: 0.8,
  MULTI_FAMILY: 1.45,
  LOT: 0.26,
  MANUFACTURED: 0.32,
  APARTMENT: 0.55,
};

function salePrice(
  rng: Rng,
  city: RealtyCity,
  homeType: HomeType,
  rooms: { beds: number } | null,
  lot: number,
  km: number,
): number {
  const beds = rooms?.beds ?? 0;
  const size =
    homeType === 'LOT'
      ? 0.6 + 0.4 * Math.sqrt(lot / 10_890)
      : homeType === 'MULTI_FAMILY'
        ? 1 + 0.06 * (beds - 6)
        : homeType === 'CONDO' || homeType === 'APARTMENT'
          ? 1 + 0.2 * (beds - 2)
          : 1 + 0.14 * (beds - 3);
  const location = Math.min(1.2, Math.max(0.75, 1.2 - 0.025 * km));
  const noise = Math.exp(gauss(rng) * 0.28);
  let price = 420_000 * city.priceLevel * TYPE_PRICE[homeType] * size * location * noise;
  price = Math.max(15_000, round(price, price < 100_000 ? 500 : 5_000));
  // Charm pricing: $849,950, $849,000, $849,990.
  if (rng.chance(0.3)) price -= rng.pick([50, 1_000, 10]);
  return price;
}

const RENT_BY_BEDS = [0.72, 0.85, 1.1, 1.4, 1.75, 2.1, 2.5] as const;

function monthlyRent(rng: Rng, city: RealtyCity, homeType: HomeType, beds: number): number {
  const byBeds = RENT_BY_BEDS[Math.min(beds, RENT_BY_BEDS.length - 1)] ?? 1;
  const byType = homeType === 'SINGLE_FAMILY' ? 1.15 : homeType === 'TOWNHOUSE' ? 1.05 : 1;
  const rent =
    1_650 * (0.55 + 0.45 * city.priceLevel) * byBeds * byType * Math.exp(gauss(rng) * 0.15);
  return Math.max(450, round(rent, 5));
}

function textPrice(rng: Rng, price: number, kind: Mode): string {
  if (kind === 'rent')
    return rng.pick([`${dollars(price)}+/mo`, `From ${dollars(price)}`, 'Call for rent']);
  const compact =
    price >= 1_000_000 ? `$${(price / 1_000_000).toFixed(1)}M` : `$${Math.round(price / 1_000)}K`;
  return weighted(rng, [
    [compact, 4],
    [`From ${dollars(price)}`, 3],
    [`${dollars(price)}+`, 2],
    [price >= 200_000 ? `Upper $${Math.floor(price / 100_000)}00s` : compact, 1],
    ['Contact for price', 1],
  ]);
}

function shortDate(rng: Rng): string {
  return `${rng.int(1, 12)}/${rng.int(1, 28)}`;
}

function flexField(
  rng: Rng,
  kind: Mode,
  price: number,
  days: number,
  has3D: boolean,
  isLot: boolean,
): { text: string; type: string } {
  if (kind === 'rent') {
    if (has3D && rng.chance(0.4)) return { text: '3D Tour', type: 'threeDTour' };
    return { text: rng.pick(RENT_NOTES), type: 'homeInsight' };
  }
  if (kind === 'sold')
    return { text: `Sold ${shortDate(rng)}/${rng.int(24, 25)}`, type: 'soldDate' };
  const roll = rng.next();
  if (roll < 0.16) {
    const cut = Math.max(
      1_000,
      round(price * (0.01 + rng.next() * 0.05), price > 300_000 ? 5_000 : 1_000),
    );
    return { text: `Price cut: ${dollars(cut)} (${shortDate(rng)})`, type: 'priceCut' };
  }
  if (roll < 0.26) return { text: rng.pick(OPEN_HOUSES), type: 'openHouse' };
  if (roll < 0.36 && has3D) return { text: '3D Tour', type: 'threeDTour' };
  if (roll < 0.46 && days <= 7) {
    return {
      text: days === 0 ? 'New listing' : `${days} day${days === 1 ? '' : 's'} on Realty`,
      type: 'daysOnRealty',
    };
  }
  return { text: rng.pick(isLot ? LOT_INSIGHTS : HOME_INSIGHTS), type: 'homeInsight' };
}

const BADGES = [
  { type: 'NEW_LISTING', text: 'New' },
  { type: 'OPEN_HOUSE', text: 'Open house' },
  { type: 'PRICE_DROP', text: 'Price drop' },
] as const;

/** Fields the live service adds now and then and the contract does not name. */
function extraFields(rng: Rng, days: number): Record<string, unknown> {
  const kind = weighted(rng, [
    ['variableData', 3],
    ['badgeInfo', 3],
    ['valueTrend', 2],
    ['streetView', 1],
    ['agentPhone', 1],
  ]);
  switch (kind) {
    case 'variableData': {
      const text = days < 1 ? `${rng.int(1, 23)} hours ago` : `${days} days ago`;
      return { variableData: { type: 'TIME_ON_INFO', text, data: { isRead: null } } };
    }
    case 'badgeInfo':
      return { badgeInfo: { ...rng.pick(BADGES) } };
    case 'valueTrend':
      return {
        valueTrend: {
          direction: rng.pick(['up', 'down', 'flat']),
          percent: fixed(rng.next() * 6, 1),
        },
      };
    case 'streetView':
      return {
        streetViewUrl: `${FAKE_HOST}/static/streetview/${rng.int(1000, 9999)}.jpg`,
        streetViewMetadataUrl: null,
      };
    default:
      // 555-0100…0199 are reserved for fiction.
      return { listingAgentPhone: `(${rng.int(201, 989)}) 555-0${rng.int(100, 199)}` };
  }
}

/** The size suffix of the live service's composable photo URLs; the photo route ignores it. */
export const COMPOSABLE_PHOTO_SUFFIX = '-p_e';

/**
 * A listing's photos in one of the two shapes the live service uses, about
 * half each: `carouselPhotos: [{ url }]` with 1–8 photos, or
 * `carouselPhotosComposable: { baseUrl, photoData: [{ photoKey }] }`, where
 * about a third of the houses (not lots) have 20–32 photos. `cover` is the
 * first photo (`imgSrc`). The shape and the long sets come from a generator of
 * their own, so the rest of the listing is the same whichever shape it gets.
 */
function listingPhotos(
  r: Rng,
  photoBase: string,
  rpid: string,
  homeType: HomeType,
): { cover: string; fields: Record<string, unknown> } {
  const drawn = homeType === 'LOT' ? r.int(1, 3) : r.int(1, 8);
  const shape = r.fork('photos');
  if (!shape.chance(0.5)) {
    const carouselPhotos = Array.from({ length: drawn }, (_, k) => ({
      url: `${photoBase}/${rpid}-${k}.jpg`,
    }));
    return { cover: carouselPhotos[0]?.url ?? '', fields: { carouselPhotos } };
  }
  const count = homeType !== 'LOT' && shape.chance(0.35) ? shape.int(20, 32) : drawn;
  const baseUrl = `${photoBase}/{photoKey}${COMPOSABLE_PHOTO_SUFFIX}.jpg`;
  const photoData = Array.from({ length: count }, (_, k) => ({ photoKey: `${rpid}-${k}` }));
  return {
    cover: baseUrl.replace('{photoKey}', `${rpid}-0`),
    fields: { carouselPhotosComposable: { baseUrl, photoData, communityBaseUrl: null } },
  };
}

interface Context {
  rng: Rng;
  city: RealtyCity;
  mode: Mode;
  photoBase: string;
  idBase: number;
}

/**
 * The price as a listing's text shows it, and for about half the rented apartments the building
 * it is in: buildings list a "from" rent per unit size instead of one unit's rent.
 */
function advertisedPrice(
  r: Rng,
  kind: Mode,
  homeType: HomeType,
  price: number,
  rooms: { beds: number; baths: number } | null,
): { text: string; building: Record<string, unknown> | null } {
  let text = kind === 'rent' ? `${dollars(price)}/mo` : dollars(price);
  let building: Record<string, unknown> | null = null;
  if (kind === 'rent' && homeType === 'APARTMENT' && r.chance(0.5)) {
    const bedLabel = rooms && rooms.beds > 0 ? `${rooms.beds} bd` : 'Studio';
    text = `${dollars(price)}+ ${bedLabel}`;
    building = {
      buildingName: `${r.pick(BUILDING_WORDS)} ${r.pick(STREET_NAMES)}`,
      isBuilding: true,
      units: [{ price: `${dollars(price)}+`, beds: String(rooms?.beds ?? 0), roomForRent: false }],
    };
  }
  return { text, building };
}

/** What the roughening of a listing reads of it. */
interface ListingFacts {
  kind: Mode;
  rooms: { beds: number; baths: number } | null;
  price: number;
  lotAreaValue: number;
  days: number;
  rpid: string;
  city: RealtyCity;
  zipcode: string;
  cityState: string;
}

/**
 * The messiness of real data, a few percent each, on a listing as sent (`item`, and its
 * `homeInfo`): fields missing, prices as text, undisclosed addresses, no photos, numbers as
 * strings, extra fields.
 */
function roughen(
  r: Rng,
  item: Record<string, unknown>,
  homeInfo: Record<string, unknown>,
  { kind, rooms, price, lotAreaValue, days, rpid, city, zipcode, cityState }: ListingFacts,
): void {
  if (!rooms) {
    // Land: no beds/baths fields at all.
    delete item['beds'];
    delete item['baths'];
    delete homeInfo['bedrooms'];
    delete homeInfo['bathrooms'];
    delete homeInfo['rentEstimate'];
  }
  if (kind === 'sold' && r.chance(0.6)) {
    // Sold without a price.
    delete item['price'];
    delete item['unformattedPrice'];
    delete homeInfo['price'];
    delete homeInfo['priceForHDP'];
    item['shouldShowEstimateAsPrice'] = r.chance(0.5);
  } else if (r.chance(0.035)) {
    item['price'] = textPrice(r, price, kind);
    delete item['unformattedPrice'];
    if (r.chance(0.5)) {
      delete homeInfo['price'];
      delete homeInfo['priceForHDP'];
    }
  }
  if (r.chance(0.025)) {
    item['isUndisclosedAddress'] = true;
    item['address'] = `(undisclosed Address), ${cityState}`;
    item['addressStreet'] = '(undisclosed Address)';
    item['detailUrl'] =
      `${FAKE_HOST}/homedetails/${slugify(`${city.name} ${city.state} ${zipcode}`)}/${rpid}_rpid/`;
    const form = r.int(0, 2);
    if (form === 0) delete item['latLong'];
    else item['latLong'] = form === 1 ? {} : { latitude: null, longitude: null };
    homeInfo['streetAddress'] = '(undisclosed Address)';
    homeInfo['isUnmappable'] = true;
    delete homeInfo['latitude'];
    delete homeInfo['longitude'];
  }
  if (r.chance(0.04)) {
    delete item['carouselPhotos'];
    delete item['carouselPhotosComposable'];
    if (r.chance(0.5)) {
      item['hasImage'] = false;
      delete item['imgSrc'];
    }
  }
  if (r.chance(0.03) && rooms) {
    // Numbers arriving as strings.
    item['beds'] = String(rooms.beds);
    item['baths'] = String(rooms.baths);
    if (r.chance(0.5)) homeInfo['bedrooms'] = String(rooms.beds);
    if (r.chance(0.5)) homeInfo['lotAreaValue'] = String(lotAreaValue);
  }
  if (r.chance(0.05)) Object.assign(item, extraFields(r, days));
  if (r.chance(0.03)) delete item['hdpData'];
  // The brand-named id: some listings carry it only as `id`.
  if (r.chance(0.02)) delete item['rpid'];
}

function listing(ctx: Context, index: number): Record<string, unknown> {
  const r = ctx.rng.fork(String(index));
  const { city } = ctx;
  const kind = weighted(r, KIND_MIX[ctx.mode]);
  const status =
    kind === 'rent' ? RENT_STATUS : kind === 'sold' ? SOLD_STATUS : weighted(r, SALE_STATUSES);
  let homeType = weighted(r, HOME_TYPES[kind]);
  if (status.newConstruction && (homeType === 'LOT' || homeType === 'MANUFACTURED'))
    homeType = 'SINGLE_FAMILY';

  // 9-digit ids, distinct within a page: the step is coprime with the modulus.
  const rpidNumber = 100_000_000 + ((ctx.idBase + index * 48_271_057) % 899_999_999);
  const rpid = String(rpidNumber);

  const spot = place(r, city);
  const street = streetLine(r, spot.km, spot.direction, homeType);
  const rooms = bedsAndBaths(r, homeType);
  const lot = lotSqft(r, homeType, spot.km);
  const lotInAcres = lot >= 20_000 || r.chance(0.15);
  const lotAreaValue = lotInAcres ? fixed(lot / 43_560, lot >= 43_560 ? 2 : 3) : lot;

  const value = salePrice(r, city, homeType, rooms, lot, spot.km);
  const rent = monthlyRent(r, city, homeType, rooms?.beds ?? 1);
  const price =
    kind === 'rent'
      ? rent
      : kind === 'sold'
        ? round(value * (0.95 + r.next() * 0.1), 1_000)
        : value;
  const estimate = round(value * (0.9 + r.next() * 0.2), 100);
  const rentEstimate = round(rent * (0.9 + r.next() * 0.2), 5);
  const taxAssessedValue = round(value * (0.55 + r.next() * 0.4), 100);

  const days =
    status.statusText === 'Coming soon'
      ? r.int(0, 5)
      : Math.min(365, Math.floor(-Math.log(1 - r.next()) * 25));
  const timeOnRealty = days * DAY_MS + r.int(0, DAY_MS - 1);
  const has3DModel = r.chance(homeType === 'LOT' ? 0 : 0.15);
  const hasVideo = r.chance(0.08);
  const flex = flexField(r, kind, price, days, has3DModel, homeType === 'LOT');
  const broker =
    kind === 'rent'
      ? r.pick(RENTAL_MANAGERS)
      : status.subType['is_FSBO']
        ? 'Owner'
        : r.pick(BROKERS);
  const typeWord = TYPE_WORD[homeType];

  const advertised = advertisedPrice(r, kind, homeType, price, rooms);

  const photos = listingPhotos(r, ctx.photoBase, rpid, homeType);

  const cityState = `${city.name}, ${city.state} ${spot.zipcode}`;
  const detailUrl = `${FAKE_HOST}/homedetails/${slugify(`${street} ${city.name} ${city.state} ${spot.zipcode}`)}/${rpid}_rpid/`;

  const homeInfo: Record<string, unknown> = {
    rpid: rpidNumber,
    streetAddress: street,
    zipcode: spot.zipcode,
    city: city.name,
    state: city.state,
    latitude: spot.latitude,
    longitude: spot.longitude,
    price,
    bathrooms: rooms?.baths,
    bedrooms: rooms?.beds,
    homeType,
    homeStatus: status.homeStatus,
    daysOnRealty: days,
    isFeatured: false,
    shouldHighlight: false,
    estimate,
    rentEstimate,
    listing_sub_type: { ...status.subType },
    isUnmappable: false,
    isPreforeclosureAuction: status.auction === true,
    homeStatusForHDP: status.homeStatus,
    priceForHDP: price,
    timeOnRealty,
    isNonOwnerOccupied: r.chance(0.6),
    isPremierBuilder: status.newConstruction === true && r.chance(0.5),
    isRealtyOwned: false,
    currency: 'USD',
    country: 'USA',
    taxAssessedValue,
    lotAreaValue,
    lotAreaUnit: lotInAcres ? 'acres' : 'sqft',
    isShowcaseListing: false,
  };

  const item: Record<string, unknown> = {
    rpid,
    id: rpid,
    rawHomeStatusCd: status.rawHomeStatusCd,
    marketingStatusSimplifiedCd: status.marketingStatusSimplifiedCd,
    imgSrc: photos.cover,
    hasImage: true,
    detailUrl,
    statusType: status.statusType,
    statusText: status.statusText.replace('{type}', typeWord),
    countryCurrency: '$',
    price: advertised.text,
    unformattedPrice: price,
    address: `${street}, ${cityState}`,
    addressStreet: street,
    addressCity: city.name,
    addressState: city.state,
    addressZipcode: spot.zipcode,
    isUndisclosedAddress: false,
    beds: rooms?.beds,
    baths: rooms?.baths,
    latLong: { latitude: spot.latitude, longitude: spot.longitude },
    isRealtyOwned: false,
    flexFieldText: flex.text,
    flexFieldType: flex.type,
    hdpData: { homeInfo },
    isSaved: false,
    isUserClaimingOwner: false,
    isUserConfirmedClaim: false,
    pgapt: status.pgapt,
    sgapt: status.sgapt,
    estimate,
    shouldShowEstimateAsPrice: false,
    has3DModel,
    hasVideo,
    isHomeRec: false,
    hasAdditionalAttributions: kind === 'sale' && broker !== 'Owner',
    isFeaturedListing: r.chance(0.03),
    isShowcaseListing: r.chance(0.04),
    list: true,
    relaxed: r.chance(0.03),
    info3String: `${FAKE_HOST}/static/mls/logo-${r.int(1, 40)}-small.png`,
    brokerName: `Listing by: ${broker}`,
    ...photos.fields,
  };
  homeInfo['isShowcaseListing'] = item['isShowcaseListing'];
  if (advertised.building) Object.assign(item, advertised.building);
  addLivingArea(r.fork('area'), item, homeInfo, homeType, rooms, kind);

  roughen(r, item, homeInfo, {
    kind,
    rooms,
    price,
    lotAreaValue,
    days,
    rpid,
    city,
    zipcode: spot.zipcode,
    cityState,
  });
  return item;
}

/** The page a URL stands for, its generator and how many listings it holds. */
function pageOf(targetUrl: string): { page: Page; rng: Rng; count: number } {
  const page = describePage(targetUrl);
  const rng = createRng(page.seed);
  const count = page.bulk ? REALTY_BULK_COUNT : rng.fork('count').int(MIN_LISTINGS, MAX_LISTINGS);
  return { page, rng, count };
}

/**
 * The count of matching listings the answer names beside its listings (`totalResultCount`), or
 * undefined for an answer that names none. A listing-search page holds a few hundred results
 * (upstream-notes.md): a page of 400 or more stands for a search with more matches than it
 * carries (cut off); about half of the others name their own count.
 */
export function realtyTotalCount(targetUrl: string): number | undefined {
  const { rng, count } = pageOf(targetUrl);
  const total = rng.fork('total');
  if (count >= 400) return count + total.int(120, 2_400);
  return total.chance(0.5) ? count : undefined;
}

/**
 * The listings of the listing-search page at `targetUrl`, deterministic per
 * URL: 40–500 of them, or exactly {@link REALTY_BULK_COUNT} for a URL with
 * `demo=10000` (such as {@link REALTY_BULK_URL}). Photos point at
 * `${photoBase}/<seed>.jpg`, or for composable photos at
 * `${photoBase}/<seed>-p_e.jpg`. Never throws, whatever the string.
 */
export function realtyListings(targetUrl: string, photoBase: string): Record<string, unknown>[] {
  const { page, rng, count } = pageOf(targetUrl);
  const ctx: Context = {
    rng: rng.fork('listings'),
    city: page.city,
    mode: page.mode,
    photoBase: photoBase.replace(/\/+$/, ''),
    idBase: hashString(`${page.seed}|ids`) % 899_999_999,
  };
  const out = new Array<Record<string, unknown>>(count);
  for (let i = 0; i < count; i++) out[i] = listing(ctx, i);
  return out;
}
