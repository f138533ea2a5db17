import * as z from 'zod/mini';
import { inSlices } from '../lib/next-task.ts';

// No code generation at runtime: zod may compile parsers with `new Function` for speed, and
// the app's Content-Security-Policy forbids eval (decision 014).
z.config({ jitless: true });

/*
 * Response schemas. The upstream is scraped data: fields go missing, arrive as
 * strings instead of numbers, or are added without notice. Every field is
 * optional and falls back to `undefined` when its type is off, objects keep
 * unknown keys, and array items that are not objects are dropped, so one odd
 * record never hides the other results. Only a body that is not an object at
 * all is rejected (ApiError kind 'invalid-response').
 */

const toNumber = (v: unknown): number | undefined => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(/[,\s]/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
};

export const optNumber = z.optional(z.pipe(z.unknown(), z.transform(toNumber)));
export const optString = z.catch(z.optional(z.string()), undefined);
const readBoolean = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;
export const optBoolean = z.optional(z.pipe(z.unknown(), z.transform(readBoolean)));

/** An array of which the valid items are kept; anything that is not an array reads as empty. */
function lenientArray<T extends z.ZodMiniType>(item: T) {
  const array = z.pipe(
    z.unknown(),
    z.transform((v): z.output<T>[] => {
      if (!Array.isArray(v)) return [];
      const out: z.output<T>[] = [];
      for (const entry of v) {
        const parsed = item.safeParse(entry);
        if (parsed.success) out.push(parsed.data);
      }
      return out;
    }),
  );
  return z._default(array, []);
}

/**
 * The result list at the top of an answer: absent reads as empty (the live engine leaves it
 * out when nothing matches), but anything else that is not an array is the wrong shape and
 * fails the parse, so it is reported as such and never shown as "no results".
 */
function resultList<T extends z.ZodMiniType>(item: T) {
  return resultListOf((entry): z.output<T> | null => {
    const parsed = item.safeParse(entry);
    return parsed.success ? parsed.data : null;
  });
}

/** Result lists read ahead in slices (`readListsAhead`): the schema's own pass keeps them. */
const readAhead = new WeakSet<readonly unknown[]>();
/** The reader of each result-list schema, for `readListsAhead` to find from a response's fields. */
const listReaders = new WeakMap<z.ZodMiniType, (entry: unknown) => unknown>();

function readItems<T>(entries: readonly unknown[], read: (entry: unknown) => T | null): T[] {
  const out: T[] = [];
  for (const entry of entries) {
    const item = read(entry);
    if (item !== null) out.push(item);
  }
  return out;
}

/** {@link resultList} with a hand-written reader of one item (null: the item is dropped). */
function resultListOf<T>(read: (entry: unknown) => T | null) {
  const list = z.pipe(
    z.unknown(),
    z.transform((v, ctx): T[] => {
      if (v === undefined) return [];
      if (!Array.isArray(v)) {
        ctx.issues.push({ code: 'custom', message: 'the result list is not a list', input: v });
        return [];
      }
      return readAhead.has(v) ? (v as T[]) : readItems(v, read);
    }),
  );
  const schema = z._default(list, []);
  listReaders.set(schema, read);
  return schema;
}

/** Lists up to this long are read in the schema's own pass: slicing them would only add tasks. */
const READ_AHEAD_FROM = 100;

/**
 * Reads an answer's long result lists ahead of its schema, a slice at a time, each slice a task
 * of its own: on a phone, 500 listings read at once were one long task between the answer and
 * the view. Returns the answer with those lists read (a shallow copy: `raw` is not changed),
 * for `schema` to parse; the result is the same as parsing `raw`.
 */
export async function readListsAhead(schema: z.ZodMiniType, raw: unknown): Promise<unknown> {
  const def = schema._zod.def as { shape?: Record<string, z.ZodMiniType> };
  if (!def.shape || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let out = raw as Record<string, unknown>;
  for (const [field, fieldSchema] of Object.entries(def.shape)) {
    const read = listReaders.get(fieldSchema);
    const entries = out[field];
    if (!read || !Array.isArray(entries) || entries.length <= READ_AHEAD_FROM) continue;
    const list: unknown[] = [];
    await inSlices(entries as unknown[], (entry) => {
      const item = read(entry);
      if (item !== null) list.push(item);
    });
    readAhead.add(list);
    out = { ...out, [field]: list };
  }
  return out;
}

const optObject = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

// ---- /engine_shorts
export const shortVideoSchema = z.looseObject({
  title: optString,
  source: optString,
  source_logo: optString,
  thumbnail: optString,
  gif_url: optString,
  account_name: optString,
  date: optString,
  link: optString,
});
export const shortsResponseSchema = z.looseObject({
  short_videos_results: resultList(shortVideoSchema),
});

// ---- /search
export const sitelinkSchema = z.looseObject({ title: optString, link: optString });
export const organicResultSchema = z.looseObject({
  title: optString,
  displayed_link: optString,
  snippet: optString,
  date: optString,
  missing: lenientArray(z.unknown()),
  link: optString,
  extended_sitelinks: lenientArray(sitelinkSchema),
  rank: optNumber,
});
export const searchResponseSchema = z.looseObject({
  organic_results: resultList(organicResultSchema),
});

// ---- /engine_autocomplete
export const suggestionSchema = z.looseObject({
  value: optString,
  relevance: optNumber,
  type: optString,
});
export const autocompleteResponseSchema = z.looseObject({
  suggestions: resultList(suggestionSchema),
  verbatim_relevance: optNumber,
});

// ---- /realty
/*
 * A listing page answers up to 500 listings (10,000 in bulk) of some 60 fields each. Read by
 * zod, field by field, that was the longest task after the answer arrived (about 17 µs a
 * listing); the scalar fields are therefore listed once in tables that both build the zod
 * schema (the types, and the reference the tests hold the reader to) and drive a plain reader
 * that gives the same result (`readRealtyListing`, a property test checks they agree).
 */
type Kind = 'string' | 'number' | 'boolean';
const KIND_SCHEMA = { string: optString, number: optNumber, boolean: optBoolean } as const;
type Shape<F extends Record<string, Kind>> = { [K in keyof F]: (typeof KIND_SCHEMA)[F[K]] };
function shapeOf<F extends Record<string, Kind>>(fields: F): Shape<F> {
  const shape: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(fields)) shape[key] = KIND_SCHEMA[kind];
  return shape as Shape<F>;
}

const LAT_LONG_FIELDS = { latitude: 'number', longitude: 'number' } as const;
const HOME_INFO_FIELDS = {
  rpid: 'number',
  streetAddress: 'string',
  zipcode: 'string',
  city: 'string',
  state: 'string',
  latitude: 'number',
  longitude: 'number',
  price: 'number',
  bathrooms: 'number',
  bedrooms: 'number',
  homeType: 'string',
  homeStatus: 'string',
  daysOnRealty: 'number',
  isFeatured: 'boolean',
  shouldHighlight: 'boolean',
  estimate: 'number',
  rentEstimate: 'number',
  isUnmappable: 'boolean',
  isPreforeclosureAuction: 'boolean',
  homeStatusForHDP: 'string',
  priceForHDP: 'number',
  timeOnRealty: 'number',
  isNonOwnerOccupied: 'boolean',
  isPremierBuilder: 'boolean',
  isRealtyOwned: 'boolean',
  currency: 'string',
  country: 'string',
  taxAssessedValue: 'number',
  lotAreaValue: 'number',
  lotAreaUnit: 'string',
  isShowcaseListing: 'boolean',
} as const;
const SUB_TYPE_FIELDS = { is_FSBA: 'boolean' } as const;
const LISTING_FIELDS = {
  rpid: 'string',
  id: 'string',
  rawHomeStatusCd: 'string',
  marketingStatusSimplifiedCd: 'string',
  imgSrc: 'string',
  hasImage: 'boolean',
  detailUrl: 'string',
  statusType: 'string',
  statusText: 'string',
  countryCurrency: 'string',
  unformattedPrice: 'number',
  address: 'string',
  addressStreet: 'string',
  addressCity: 'string',
  addressState: 'string',
  addressZipcode: 'string',
  isUndisclosedAddress: 'boolean',
  beds: 'number',
  baths: 'number',
  isRealtyOwned: 'boolean',
  flexFieldText: 'string',
  flexFieldType: 'string',
  isSaved: 'boolean',
  isUserClaimingOwner: 'boolean',
  isUserConfirmedClaim: 'boolean',
  pgapt: 'string',
  sgapt: 'string',
  estimate: 'number',
  shouldShowEstimateAsPrice: 'boolean',
  has3DModel: 'boolean',
  hasVideo: 'boolean',
  isHomeRec: 'boolean',
  hasAdditionalAttributions: 'boolean',
  isFeaturedListing: 'boolean',
  isShowcaseListing: 'boolean',
  list: 'boolean',
  relaxed: 'boolean',
  info3String: 'string',
  brokerName: 'string',
} as const;

const stringOrNumber = z.catch(z.optional(z.union([z.string(), z.number()])), undefined);
export const latLongSchema = z.looseObject(shapeOf(LAT_LONG_FIELDS));
export const homeInfoSchema = z.looseObject({
  ...shapeOf(HOME_INFO_FIELDS),
  listing_sub_type: optObject(z.looseObject(shapeOf(SUB_TYPE_FIELDS))),
});
export const realtyListingSchema = z.looseObject({
  ...shapeOf(LISTING_FIELDS),
  price: stringOrNumber,
  latLong: optObject(latLongSchema),
  hdpData: optObject(z.looseObject({ homeInfo: optObject(homeInfoSchema) })),
  carouselPhotos: lenientArray(z.looseObject({ url: optString })),
  // The other photo shape: one URL per photo is baseUrl with {photoKey} replaced.
  carouselPhotosComposable: optObject(
    z.looseObject({
      baseUrl: optString,
      photoData: lenientArray(z.looseObject({ photoKey: stringOrNumber })),
    }),
  ),
});

type Fields = Record<string, unknown>;
type Read = (v: unknown) => unknown;
const isPlainObject = (v: unknown): v is Fields =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const READ_KIND: Record<Kind, Read> = {
  string: (v) => (typeof v === 'string' ? v : undefined),
  number: toNumber,
  boolean: readBoolean,
};
const readStringOrNumber: Read = (v) =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : undefined;

/*
 * Copy on write: an object or list that reads as it is comes back as it is, and only one
 * with a field to change is copied (a spread: every own key as data, a "__proto__" key as
 * a plain field). A clean 10,000-listing answer (23 MB, some 300,000 photo objects) is
 * then checked without being copied; copying it is what made reading it slow.
 */
interface ObjectReader {
  /** Scalar fields, read when present. */
  fields?: Record<string, Kind>;
  /** Nested fields, read when present. */
  nested?: Record<string, Read>;
  /** Fields read even when absent (lists that default to empty). */
  always?: Record<string, Read>;
}
function readObject({ fields = {}, nested = {}, always = {} }: ObjectReader): Read {
  // One lookup per key of the object (a JSON object's keys enumerate quickly) instead of an
  // `in` test per listed field.
  const readers = new Map<string, Read>([
    ...Object.entries(fields).map(([key, kind]): [string, Read] => [key, READ_KIND[kind]]),
    ...Object.entries(nested),
  ]);
  const defaults = Object.entries(always);
  return (v) => {
    if (!isPlainObject(v)) return undefined;
    let out: Fields | undefined;
    for (const key in v) {
      const read = readers.get(key);
      if (!read || !Object.hasOwn(v, key)) continue;
      const value = read(v[key]);
      if (Object.is(value, v[key])) continue;
      out ??= { ...v };
      out[key] = value;
    }
    for (const [key, read] of defaults) {
      const value = read(v[key]);
      if (Object.is(value, v[key]) && Object.hasOwn(v, key)) continue;
      out ??= { ...v };
      out[key] = value;
    }
    return out ?? v;
  };
}

/** The plain-object items of a list, each read; anything but a list reads as empty. */
const readList =
  (read: Read): Read =>
  (v) => {
    if (!Array.isArray(v)) return [];
    const items: unknown[] = v;
    const out = items.filter(isPlainObject).map(read);
    return out.length === items.length && out.every((item, i) => item === items[i]) ? items : out;
  };

const readRealty = readObject({
  fields: LISTING_FIELDS,
  nested: {
    price: readStringOrNumber,
    latLong: readObject({ fields: LAT_LONG_FIELDS }),
    hdpData: readObject({
      nested: {
        homeInfo: readObject({
          fields: HOME_INFO_FIELDS,
          nested: { listing_sub_type: readObject({ fields: SUB_TYPE_FIELDS }) },
        }),
      },
    }),
    carouselPhotosComposable: readObject({
      fields: { baseUrl: 'string' },
      always: {
        photoData: readList(readObject({ nested: { photoKey: readStringOrNumber } })),
      },
    }),
  },
  always: { carouselPhotos: readList(readObject({ fields: { url: 'string' } })) },
});

/**
 * One listing as `realtyListingSchema` reads it (equal by value), or null where it drops the
 * item. What needs no change is the answer's own object, not a copy.
 */
export function readRealtyListing(entry: unknown): RealtyListing | null {
  return (readRealty(entry) as RealtyListing | undefined) ?? null;
}

export const realtyResponseSchema = z.looseObject({
  realty_listings: resultListOf(readRealtyListing),
});

// ---- /webhook
export const webhookResponseSchema = z.looseObject({ sid: optString });

/** Some deployments answer a screenshot with JSON metadata (upstream-notes.md): any JSON is shown as is. */
export const screenshotJsonSchema = z.unknown();

// ---- /account (field names from upstream-notes.md; every one may be missing)
export const accountResponseSchema = z.looseObject({
  requestLimit: optNumber,
  requestUsed: optNumber,
  validity: optNumber,
  concurrencyLimit: optNumber,
  threadCount: optNumber,
  activeThread: optNumber,
  pack: optString,
  packType: optString,
  email: optString,
  username: optString,
});

export type ShortsResponse = z.output<typeof shortsResponseSchema>;
export type ShortVideo = z.output<typeof shortVideoSchema>;
export type SearchResponse = z.output<typeof searchResponseSchema>;
export type OrganicResult = z.output<typeof organicResultSchema>;
export type AutocompleteResponse = z.output<typeof autocompleteResponseSchema>;
export type RealtyResponse = z.output<typeof realtyResponseSchema>;
export type RealtyListing = z.output<typeof realtyListingSchema>;
export type HomeInfo = z.output<typeof homeInfoSchema>;
export type WebhookResponse = z.output<typeof webhookResponseSchema>;
export type AccountResponse = z.output<typeof accountResponseSchema>;
