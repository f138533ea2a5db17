import { formatNumber } from '../../../lib/format.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The date `days` from now, e.g. "Dec 23, 2026". */
export function renewalDate(days: number, now: number): string {
  return new Date(now + days * DAY).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** Any field value as text: numbers as numbers, strings as they are, the rest as JSON. */
export function displayValue(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (value === undefined) return 'not reported';
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}
