import * as z from 'zod/mini';
import { isRecord } from '../lib/is-record.ts';

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

/**
 * The item schema of each list schema below (the list itself is a transform, which says
 * nothing about its items): the OpenAPI document describes the answers from these schemas.
 */
export const LIST_ITEMS = new WeakMap<z.ZodMiniType, z.ZodMiniType>();
const listOf = <T extends z.ZodMiniType>(list: T, item: z.ZodMiniType): T => {
  LIST_ITEMS.set(list, item);
  return list;
};

/** The entries of a list that `item` reads, in order (the others are dropped). */
function itemsOf<T extends z.ZodMiniType>(item: T, entries: readonly unknown[]): z.output<T>[] {
  const out: z.output<T>[] = [];
  for (const entry of entries) {
    const parsed = item.safeParse(entry);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** An array of which the valid items are kept; anything that is not an array reads as empty. */
function lenientArray<T extends z.ZodMiniType>(item: T) {
  const array = z.pipe(
    z.unknown(),
    z.transform((v): z.output<T>[] => (Array.isArray(v) ? itemsOf(item, v) : [])),
  );
  return listOf(z._default(array, []), item);
}

/**
 * The result list at the top of an answer: absent reads as empty (the live engine leaves it
 * out when nothing matches), but anything else that is not an array is the wrong shape and
 * fails the parse, so it is reported as such and never shown as "no results". Items that do not
 * read are dropped, so one odd record never hides the others.
 */
function resultList<T extends z.ZodMiniType>(item: T) {
  const list = z.pipe(
    z.unknown(),
    z.transform((v, ctx): z.output<T>[] => {
      if (v === undefined) return [];
      if (!Array.isArray(v)) {
        ctx.issues.push({ code: 'custom', message: 'the result list is not a list', input: v });
        return [];
      }
      return itemsOf(item, v);
    }),
  );
  return listOf(z._default(list, []), item);
}

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
/**
 * One listing as the service sent it: some 60 fields, any of which may be missing, null, a
 * number written as text or of another shape (upstream-notes.md). The realty view reads each
 * field it shows once, leniently, into its own model (features/realty/lib/home.ts); here a
 * listing only has to be an object, and it is kept as it came: a 10,000-listing answer (23 MB)
 * is neither read twice nor copied.
 */
export type RealtyListing = Readonly<Record<string, unknown>>;
export const realtyResponseSchema = z.looseObject({
  realty_listings: resultList(z.custom<RealtyListing>(isRecord)),
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
export type WebhookResponse = z.output<typeof webhookResponseSchema>;
export type AccountResponse = z.output<typeof accountResponseSchema>;
