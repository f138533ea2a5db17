import type { RealtyListing } from '../../../api/schemas.ts';
import { isRecord } from '../../../lib/is-record.ts';
import { safeHttpUrl } from '../../../lib/safe-url.ts';
import { idText } from './values.ts';

/*
 * A listing's photos come in two shapes (upstream-notes.md):
 *   carouselPhotos: [{ url }]
 *   carouselPhotosComposable: { baseUrl: "https://…/fp/{photoKey}-p_e.jpg", photoData: [{ photoKey }] }
 * and `imgSrc` is the first photo. This is the part of the listing's reader (home.ts) that
 * reads them, where they are shown: a listing may have 30, and a bulk answer 300,000 in all.
 * A shape that is missing or odd gives no photos, never an exception, and only http(s) URLs
 * are kept.
 */

const PLACEHOLDER = '{photoKey}';

/** The composable baseUrl when it can make one URL per photo. */
function composableBase(listing: RealtyListing): {
  baseUrl: string;
  photoData: readonly unknown[];
} | null {
  const composable = listing['carouselPhotosComposable'];
  if (!isRecord(composable)) return null;
  const { baseUrl, photoData } = composable;
  if (typeof baseUrl !== 'string' || !baseUrl.includes(PLACEHOLDER)) return null;
  if (!Array.isArray(photoData)) return null;
  return { baseUrl, photoData };
}

function composableUrl(baseUrl: string, item: unknown): string | null {
  const key = isRecord(item) ? idText(item['photoKey']) : undefined;
  // Encoded, so a key can only ever fill its place in the path.
  return key ? safeHttpUrl(baseUrl.replaceAll(PLACEHOLDER, encodeURIComponent(key))) : null;
}

function push(out: string[], url: string | null) {
  if (url && !out.includes(url)) out.push(url);
}

/** The URLs of `carouselPhotosComposable`, in order, without repeats. */
export function composablePhotos(listing: RealtyListing): string[] {
  const out: string[] = [];
  const composable = composableBase(listing);
  if (composable)
    for (const item of composable.photoData) push(out, composableUrl(composable.baseUrl, item));
  return out;
}

/** The URLs of `carouselPhotos`, in order, without repeats. */
export function carouselPhotos(listing: RealtyListing): string[] {
  const out: string[] = [];
  const carousel = listing['carouselPhotos'];
  if (Array.isArray(carousel))
    for (const p of carousel) push(out, isRecord(p) ? safeHttpUrl(p['url']) : null);
  return out;
}

/**
 * Every photo worth showing, in order: the composable set when it yields any
 * (it is the newer and fuller shape), else `carouselPhotos`, else the cover
 * image `imgSrc` alone. A listing that carries both carousel shapes holds the
 * same photos twice (at different sizes), so the two are not merged.
 */
export function listingPhotos(listing: RealtyListing): string[] {
  const composable = composablePhotos(listing);
  if (composable.length > 0) return composable;
  const carousel = carouselPhotos(listing);
  if (carousel.length > 0) return carousel;
  const cover = safeHttpUrl(listing['imgSrc']);
  return cover ? [cover] : [];
}

/**
 * The first photo, as `listingPhotos(listing)[0]` but without building the
 * others: the list asks this for every visible row, and a listing may have 30.
 */
export function firstListingPhoto(listing: RealtyListing): string | null {
  const composable = composableBase(listing);
  if (composable)
    for (const item of composable.photoData) {
      const url = composableUrl(composable.baseUrl, item);
      if (url) return url;
    }
  const carousel = listing['carouselPhotos'];
  if (Array.isArray(carousel))
    for (const p of carousel) {
      const url = isRecord(p) ? safeHttpUrl(p['url']) : null;
      if (url) return url;
    }
  return safeHttpUrl(listing['imgSrc']);
}

const LOOKS_HTTP = /^https?:\/\/\S/i;

/**
 * Whether the listing has a photo, judged without parsing a URL: toHomes asks
 * this of every listing (10,000 in the bulk demo), where parsing them would
 * double its time. It never misses a photo that `listingPhotos` finds, but may
 * accept a link that the full check refuses (say `https://[`); the list then
 * shows the placeholder, as for a photo that fails to load.
 */
export function seemsToHavePhoto(listing: RealtyListing): boolean {
  const composable = composableBase(listing);
  if (
    composable &&
    LOOKS_HTTP.test(composable.baseUrl) &&
    composable.photoData.some((item) => isRecord(item) && idText(item['photoKey']) !== undefined)
  )
    return true;
  const carousel = listing['carouselPhotos'];
  if (
    Array.isArray(carousel) &&
    carousel.some((p) => isRecord(p) && typeof p['url'] === 'string' && LOOKS_HTTP.test(p['url']))
  )
    return true;
  const cover = listing['imgSrc'];
  return typeof cover === 'string' && LOOKS_HTTP.test(cover);
}

/** How many photos the listing shows (the length of `listingPhotos`). */
export function photoCount(listing: RealtyListing): number {
  return listingPhotos(listing).length;
}
