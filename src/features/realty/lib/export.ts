import type { Feature, FeatureCollection, Point } from 'geojson';
import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import { fileDate } from '../../../lib/download.ts';
import { safeHttpUrl } from '../../../lib/safe-url.ts';
import { areaIn, perAreaIn, type AreaUnit } from './area.ts';
import { UNMAPPED_LABEL } from './coordinates.ts';
import type { Home } from './home.ts';
import { gapToMedian, selectionMedians, type SelectionMedians } from './stats.ts';
import { firstListingPhoto, listingPhotos, photoCount } from './photos.ts';

/** A figure in square feet, in the unit, rounded to `digits` decimals (to the cent for money). */
function rounded(
  sqftValue: number | undefined,
  unit: AreaUnit,
  convert: (n: number, unit: AreaUnit) => number,
  digits: number,
): number | undefined {
  if (sqftValue === undefined) return undefined;
  const scale = 10 ** digits;
  const n = Math.round(convert(sqftValue, unit) * scale) / scale;
  return Number.isFinite(n) ? n : undefined;
}

interface Column {
  name: string;
  /** The cell of a listing; `medians` are those of the selection the listing is exported from. */
  value: (h: Home, medians: SelectionMedians) => CsvCell;
}

/** -12.3 for 12.3% below the median price per area of the listing's kind. */
function gapPercent(h: Home, medians: SelectionMedians): number | undefined {
  const gap = gapToMedian(h, medians);
  return gap === undefined ? undefined : Math.round(gap * 1000) / 10 + 0;
}

const COLUMNS: readonly Column[] = [
  { name: 'id', value: (h) => h.key },
  { name: 'status', value: (h) => h.status },
  { name: 'status_text', value: (h) => h.statusText },
  { name: 'price', value: (h) => h.price },
  { name: 'price_text', value: (h) => h.priceText },
  { name: 'monthly', value: (h) => h.isRental },
  { name: 'address', value: (h) => h.address },
  { name: 'street', value: (h) => h.street },
  { name: 'city', value: (h) => h.city },
  { name: 'state', value: (h) => h.state },
  { name: 'zipcode', value: (h) => h.zipcode },
  { name: 'beds', value: (h) => h.beds },
  { name: 'baths', value: (h) => h.baths },
  { name: 'home_type', value: (h) => h.homeType },
  { name: 'days_on_market', value: (h) => h.daysOnMarket },
  // Both units: a file read elsewhere should not depend on the unit the view was showing.
  { name: 'living_area_sqft', value: (h) => h.livingArea },
  { name: 'living_area_m2', value: (h) => rounded(h.livingArea, 'm2', areaIn, 1) },
  { name: 'price_per_sqft', value: (h) => rounded(h.pricePerArea, 'sqft', perAreaIn, 2) },
  { name: 'price_per_m2', value: (h) => rounded(h.pricePerArea, 'm2', perAreaIn, 2) },
  { name: 'vs_median_price_per_area_pct', value: gapPercent },
  { name: 'latitude', value: (h) => h.position?.lat },
  { name: 'longitude', value: (h) => h.position?.lng },
  { name: 'not_on_map_reason', value: (h) => (h.unmapped ? UNMAPPED_LABEL[h.unmapped] : '') },
  { name: 'lot_area', value: (h) => h.lotArea },
  { name: 'lot_area_unit', value: (h) => h.lotAreaUnit },
  { name: 'estimate', value: (h) => h.estimate },
  { name: 'rent_estimate', value: (h) => h.rentEstimate },
  { name: 'tax_assessed_value', value: (h) => h.taxAssessedValue },
  { name: 'broker', value: (h) => h.broker },
  { name: 'note', value: (h) => h.note },
  { name: 'detail_url', value: (h) => safeHttpUrl(h.detailUrl) },
  { name: 'image_url', value: (h) => firstListingPhoto(h.listing) },
  // Either photo shape (carouselPhotos or carouselPhotosComposable), as many as the drawer shows.
  { name: 'photo_count', value: (h) => photoCount(h.listing) },
];

/** RFC 4180 CSV (CRLF line ends), a header row and one row per listing. */
export function homesToCsv(
  homes: readonly Home[],
  medians: SelectionMedians = selectionMedians(homes),
): string {
  return toCsv(
    COLUMNS.map((c) => c.name),
    homes.map((h) => COLUMNS.map((c) => c.value(h, medians))),
  );
}

export type ListingRecord = Record<string, string | number | boolean | null | string[]>;

/** The CSV's columns as one object per listing (missing values as null), plus every photo URL. */
export function homesToJson(
  homes: readonly Home[],
  medians: SelectionMedians = selectionMedians(homes),
): ListingRecord[] {
  return homes.map((h) => {
    const record: ListingRecord = {};
    for (const c of COLUMNS) {
      const v = c.value(h, medians);
      // `+ 0` turns -0 into 0, as in the GeoJSON.
      record[c.name] = typeof v === 'number' ? (Number.isFinite(v) ? v + 0 : null) : (v ?? null);
    }
    record['photos'] = listingPhotos(h.listing);
    return record;
  });
}

export type ListingProperties = Record<string, string | number | boolean | null>;
export type ListingFeature = Feature<Point, ListingProperties>;

/** The listings that have coordinates, as GeoJSON points (longitude first, as GeoJSON wants). */
export function toGeoJson(
  homes: readonly Home[],
  medians: SelectionMedians = selectionMedians(homes),
): FeatureCollection<Point, ListingProperties> {
  const features: ListingFeature[] = [];
  for (const h of homes) {
    if (!h.position) continue;
    features.push({
      type: 'Feature',
      // `+ 0` turns -0 into 0: JSON has no negative zero, so the file would not round-trip.
      geometry: { type: 'Point', coordinates: [h.position.lng + 0, h.position.lat + 0] },
      properties: {
        id: h.key,
        price: h.price ?? null,
        price_text: h.priceLabel,
        monthly: h.isRental,
        address: h.address,
        status: h.status,
        status_text: h.statusText,
        beds: h.beds ?? null,
        baths: h.baths ?? null,
        home_type: h.homeType ?? null,
        days_on_market: h.daysOnMarket ?? null,
        living_area_sqft: h.livingArea ?? null,
        price_per_sqft: rounded(h.pricePerArea, 'sqft', perAreaIn, 2) ?? null,
        vs_median_price_per_area_pct: gapPercent(h, medians) ?? null,
        broker: h.broker ?? null,
        detail_url: safeHttpUrl(h.detailUrl),
        photo_count: photoCount(h.listing),
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

const GENERIC_SEGMENTS = new Set([
  'homes',
  'home',
  'for_sale',
  'for_rent',
  'rent',
  'rentals',
  'sold',
  'recently_sold',
  'apartments',
  'real-estate',
]);

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/_rb$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The place a listing-page URL is about: `…/homes/seattle-wa_rb/` → "seattle-wa". */
export function placeFromUrl(pageUrl: string | undefined): string {
  if (!pageUrl) return 'listings';
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return 'listings';
  }
  const segments = url.pathname
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .filter((s) => s !== '');
  const place =
    segments.find((s) => /_rb$/i.test(s)) ??
    [...segments].reverse().find((s) => !GENERIC_SEGMENTS.has(s.toLowerCase()));
  return slug(place ?? '') || slug(url.hostname.replace(/^www\./, '')) || 'listings';
}

/** "realty-seattle-wa-2026-11-21.csv" (the local date). */
export function exportFileName(pageUrl: string | undefined, ext: string, now: Date): string {
  return `realty-${placeFromUrl(pageUrl)}-${fileDate(now)}.${ext}`;
}
