import type { HomeInfo } from '../../../api/schemas.ts';
import { humanizeEnum } from './filters.ts';

export interface InfoRow {
  key: string;
  label: string;
  value: string;
}

type Kind = 'money' | 'monthly' | 'days' | 'duration' | 'enum' | 'coord' | 'id' | 'text' | 'count';

/** The fields the interface names, in its order, with a label a person reads. */
const KNOWN: readonly (readonly [key: string, label: string, kind: Kind])[] = [
  ['rpid', 'Listing id', 'id'],
  ['streetAddress', 'Street address', 'text'],
  ['city', 'City', 'text'],
  ['state', 'State', 'text'],
  ['zipcode', 'ZIP code', 'text'],
  ['country', 'Country', 'text'],
  ['latitude', 'Latitude', 'coord'],
  ['longitude', 'Longitude', 'coord'],
  ['homeType', 'Home type', 'enum'],
  ['homeStatus', 'Home status', 'enum'],
  ['homeStatusForHDP', 'Status on the detail page', 'enum'],
  ['price', 'Price', 'money'],
  ['priceForHDP', 'Price on the detail page', 'money'],
  ['currency', 'Currency', 'text'],
  ['bedrooms', 'Bedrooms', 'count'],
  ['bathrooms', 'Bathrooms', 'count'],
  ['lotAreaValue', 'Lot area', 'count'],
  ['daysOnRealty', 'Days on market', 'days'],
  ['timeOnRealty', 'Time on market', 'duration'],
  ['estimate', 'Estimated value', 'money'],
  ['rentEstimate', 'Rent estimate', 'monthly'],
  ['taxAssessedValue', 'Tax assessed value', 'money'],
  ['listing_sub_type', 'Listing sub-type', 'text'],
  ['isFeatured', 'Featured', 'text'],
  ['shouldHighlight', 'Highlighted', 'text'],
  ['isShowcaseListing', 'Showcase listing', 'text'],
  ['isUnmappable', 'Unmappable', 'text'],
  ['isPreforeclosureAuction', 'Pre-foreclosure auction', 'text'],
  ['isNonOwnerOccupied', 'Non-owner occupied', 'text'],
  ['isPremierBuilder', 'Premier builder', 'text'],
  ['isRealtyOwned', 'Owned by the listing site', 'text'],
];
const KNOWN_KEYS = new Set([...KNOWN.map(([k]) => k), 'lotAreaUnit']);

const SUB_TYPES: Record<string, string> = {
  is_FSBA: 'For sale by agent',
  is_FSBO: 'For sale by owner',
  is_newHome: 'New construction',
  is_comingSoon: 'Coming soon',
  is_pending: 'Pending',
  is_foreclosure: 'Foreclosure',
  is_forAuction: 'Auction',
  is_bankOwned: 'Bank owned',
  is_openHouse: 'Open house',
};

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function money(n: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    }).format(n);
  } catch {
    return `${integer.format(n)} ${currency}`;
  }
}

/** "customFieldName" / "custom_field" → "Custom field name". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/^is_?(?=[A-Z_])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function duration(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  if (days === 0) return `${hours} h`;
  return `${days} day${days === 1 ? '' : 's'}${hours > 0 ? ` ${hours} h` : ''}`;
}

function plain(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return Number.isFinite(v) ? integer.format(v) : undefined;
  if (typeof v === 'string') return v;
  try {
    const json = JSON.stringify(v);
    return json.length > 200 ? `${json.slice(0, 199)}…` : json;
  } catch {
    return undefined;
  }
}

function subType(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return plain(v);
  const on = Object.entries(v)
    .filter(([, flag]) => flag === true)
    .map(([k]) => SUB_TYPES[k] ?? humanizeKey(k));
  return on.length > 0 ? on.join(', ') : 'None';
}

function format(
  key: string,
  kind: Kind,
  v: unknown,
  info: Record<string, unknown>,
): string | undefined {
  const currency = typeof info['currency'] === 'string' ? info['currency'] : 'USD';
  if (key === 'listing_sub_type') return subType(v);
  if (typeof v !== 'number')
    return kind === 'enum' && typeof v === 'string' ? humanizeEnum(v) : plain(v);
  if (!Number.isFinite(v)) return undefined;
  switch (kind) {
    case 'money':
      return money(v, currency);
    case 'monthly':
      return `${money(v, currency)}/mo`;
    case 'days':
      return `${integer.format(v)} day${v === 1 ? '' : 's'}`;
    case 'duration':
      return duration(v);
    case 'coord':
      return v.toFixed(6);
    case 'id':
      return String(v);
    case 'count':
      if (key === 'lotAreaValue') {
        const unit = typeof info['lotAreaUnit'] === 'string' ? info['lotAreaUnit'] : '';
        return `${integer.format(v)}${unit ? ` ${unit}` : ''}`;
      }
      return integer.format(v);
    default:
      return plain(v);
  }
}

/**
 * Every field present in `hdpData.homeInfo`, labelled: the interface's fields
 * first in its order, then any field the service added, by its own name.
 */
export function homeInfoRows(info: HomeInfo | undefined): InfoRow[] {
  if (!info || typeof info !== 'object') return [];
  const record = info as Record<string, unknown>;
  const rows: InfoRow[] = [];
  for (const [key, label, kind] of KNOWN) {
    if (!(key in record)) continue;
    const value = format(key, kind, record[key], record);
    if (value !== undefined) rows.push({ key, label, value });
  }
  if (!('lotAreaValue' in record) && typeof record['lotAreaUnit'] === 'string')
    rows.push({ key: 'lotAreaUnit', label: 'Lot area unit', value: record['lotAreaUnit'] });
  for (const [key, v] of Object.entries(record)) {
    if (KNOWN_KEYS.has(key)) continue;
    const value = plain(v);
    if (value !== undefined) rows.push({ key, label: humanizeKey(key), value });
  }
  return rows;
}
