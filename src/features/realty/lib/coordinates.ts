import type { RealtyListing } from '../../../api/schemas.ts';
import { isRecord } from '../../../lib/is-record.ts';
import { flag, homeInfoOf, number } from './values.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Why a listing is listed under "not on the map". */
export type UnmappedReason = 'undisclosed' | 'unmappable' | 'missing' | 'invalid';

export type Placement =
  | { position: LatLng; source: 'latLong' | 'homeInfo'; reason: null }
  | { position: null; source: null; reason: UnmappedReason };

export const UNMAPPED_LABEL: Record<UnmappedReason, string> = {
  undisclosed: 'address undisclosed',
  unmappable: 'marked unmappable by the service',
  missing: 'no coordinates',
  invalid: 'coordinates out of range',
};

type Read = { kind: 'none' } | { kind: 'bad' } | { kind: 'ok'; position: LatLng };

function read(lat: unknown, lng: unknown): Read {
  const la = number(lat);
  const lo = number(lng);
  if (la === undefined && lo === undefined) {
    // Present but not a number at all (NaN, Infinity, "north") is as broken as out of range.
    const present = (v: unknown) => v !== undefined && v !== null && v !== '';
    return present(lat) || present(lng) ? { kind: 'bad' } : { kind: 'none' };
  }
  if (la === undefined || lo === undefined) return { kind: 'bad' };
  if (la < -90 || la > 90 || lo < -180 || lo > 180) return { kind: 'bad' };
  // (0, 0) is in the Gulf of Guinea: scrapers write it when a position is unknown.
  if (la === 0 && lo === 0) return { kind: 'bad' };
  return { kind: 'ok', position: { lat: la, lng: lo } };
}

/**
 * Where a listing goes on the map, or why it does not. An undisclosed address
 * or the service's own "unmappable" flag wins over any coordinates (those are
 * approximate at best); otherwise `latLong` is used (missing, `{}` and nulls are
 * common), then the detail data's `hdpData.homeInfo.latitude/longitude`.
 * Never throws, whatever the fields hold.
 */
export function placeListing(listing: RealtyListing, info = homeInfoOf(listing)): Placement {
  if (flag(listing['isUndisclosedAddress']))
    return { position: null, source: null, reason: 'undisclosed' };
  if (info && flag(info['isUnmappable']))
    return { position: null, source: null, reason: 'unmappable' };

  const latLong = listing['latLong'];
  const primary = isRecord(latLong)
    ? read(latLong['latitude'], latLong['longitude'])
    : ({ kind: 'none' } as const);
  if (primary.kind === 'ok') return { position: primary.position, source: 'latLong', reason: null };
  const fallback = info ? read(info['latitude'], info['longitude']) : ({ kind: 'none' } as const);
  if (fallback.kind === 'ok')
    return { position: fallback.position, source: 'homeInfo', reason: null };
  return {
    position: null,
    source: null,
    reason: primary.kind === 'bad' || fallback.kind === 'bad' ? 'invalid' : 'missing',
  };
}
