import type { RealtyListing } from '../../../api/schemas.ts';
import { isRecord } from '../../../lib/is-record.ts';
import { humanizeEnum } from './filters.ts';
import { number } from './values.ts';
import { lotUnitLabel } from './area.ts';

export interface InfoRow {
  key: string;
  label: string;
  value: string;
}

type Kind =
  'money' | 'monthly' | 'days' | 'duration' | 'enum' | 'coord' | 'id' | 'text' | 'count' | 'flag';

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
  ['livingArea', 'Living area', 'count'],
  ['lotAreaValue', 'Lot area', 'count'],
  ['daysOnRealty', 'Days on market', 'days'],
  ['timeOnRealty', 'Time on market', 'duration'],
  ['estimate', 'Estimated value', 'money'],
  ['rentEstimate', 'Rent estimate', 'monthly'],
  ['taxAssessedValue', 'Tax assessed value', 'money'],
  ['listing_sub_type', 'Listing sub-type', 'text'],
  ['isFeatured', 'Featured', 'flag'],
  ['shouldHighlight', 'Highlighted', 'flag'],
  ['isShowcaseListing', 'Showcase listing', 'flag'],
  ['isUnmappable', 'Unmappable', 'flag'],
  ['isPreforeclosureAuction', 'Pre-foreclosure auction', 'flag'],
  ['isNonOwnerOccupied', 'Non-owner occupied', 'flag'],
  ['isPremierBuilder', 'Premier builder', 'flag'],
  ['isRealtyOwned', 'Owned by the listing site', 'flag'],
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
  if (!isRecord(v)) return plain(v);
  const on = Object.entries(v)
    .filter(([, on]) => on === true || on === 'true')
    .map(([k]) => SUB_TYPES[k] ?? humanizeKey(k));
  return on.length > 0 ? on.join(', ') : 'None';
}

function format(key: string, kind: Kind, v: unknown, info: RealtyListing): string | undefined {
  const currency = typeof info['currency'] === 'string' ? info['currency'] : 'USD';
  if (key === 'listing_sub_type') return subType(v);
  if (kind === 'enum' && typeof v === 'string') return humanizeEnum(v);
  if (kind === 'flag' && (v === 'true' || v === 'false')) return v === 'true' ? 'Yes' : 'No';
  if (kind === 'enum' || kind === 'flag' || kind === 'text') return plain(v);
  // The other kinds are numbers, which the service also writes as text ("412300").
  const n = number(v);
  if (n === undefined) return typeof v === 'number' ? undefined : plain(v);
  switch (kind) {
    case 'money':
      return money(n, currency);
    case 'monthly':
      return `${money(n, currency)}/mo`;
    case 'days':
      return `${integer.format(n)} day${n === 1 ? '' : 's'}`;
    case 'duration':
      return duration(n);
    case 'coord':
      return n.toFixed(6);
    case 'id':
      return String(n);
    case 'count':
      if (key === 'lotAreaValue') {
        const unit = typeof info['lotAreaUnit'] === 'string' ? info['lotAreaUnit'] : '';
        return `${integer.format(n)}${unit ? ` ${lotUnitLabel(unit)}` : ''}`;
      }
      return key === 'livingArea' ? `${integer.format(n)} sq ft` : integer.format(n);
    default:
      return plain(v);
  }
}

/**
 * Every field present in `hdpData.homeInfo`, labelled: the interface's fields
 * first in its order, then any field the service added, by its own name.
 */
export function homeInfoRows(info: RealtyListing | undefined): InfoRow[] {
  if (!info) return [];
  const rows: InfoRow[] = [];
  for (const [key, label, kind] of KNOWN) {
    if (!(key in info)) continue;
    const value = format(key, kind, info[key], info);
    if (value !== undefined) rows.push({ key, label, value });
  }
  if (!('lotAreaValue' in info) && typeof info['lotAreaUnit'] === 'string')
    rows.push({ key: 'lotAreaUnit', label: 'Lot area unit', value: info['lotAreaUnit'] });
  for (const [key, v] of Object.entries(info)) {
    if (KNOWN_KEYS.has(key)) continue;
    const value = plain(v);
    if (value !== undefined) rows.push({ key, label: humanizeKey(key), value });
  }
  return rows;
}
