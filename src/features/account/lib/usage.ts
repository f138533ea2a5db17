import { bestKnownCost } from '../../../api/session-usage.ts';
import type { SessionUsage, UsageReading } from '../../../api/session-usage.ts';
import { ENDPOINTS, type EndpointId } from '../../../api/endpoints.ts';
import type { CostEstimate } from '../../../lib/cost.ts';
import { formatNumber } from '../../../lib/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The burn rate is read from the last hour of refreshes: "the recent rate". */
export const FORECAST_WINDOW_MS = HOUR;
/** Fewer seconds than this between the first and last refresh say too little about a rate. */
export const FORECAST_MIN_SPAN_MS = 10_000;

export type Forecast =
  | { kind: 'not-enough-data' }
  | { kind: 'no-spending' }
  | { kind: 'runs-out'; inMs: number; creditsPerHour: number };

/**
 * When the credits run out at the recent burn rate, from this session's account refreshes.
 * Only the readings since the last renewal count (a drop in `requestUsed` starts a new period).
 */
export function forecastRunOut(readings: readonly UsageReading[], now: number): Forecast {
  let period: UsageReading[] = [];
  for (const r of readings) {
    const previous = period.at(-1);
    if (previous && r.requestUsed < previous.requestUsed) period = [];
    period.push(r);
  }
  const recent = period.filter((r) => r.at >= now - FORECAST_WINDOW_MS);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || last.at - first.at < FORECAST_MIN_SPAN_MS)
    return { kind: 'not-enough-data' };
  const spent = last.requestUsed - first.requestUsed;
  if (last.requestLimit === undefined) return { kind: 'not-enough-data' };
  if (spent <= 0) return { kind: 'no-spending' };
  const perMs = spent / (last.at - first.at);
  const left = Math.max(0, last.requestLimit - last.requestUsed);
  return { kind: 'runs-out', inMs: left / perMs, creditsPerHour: perMs * HOUR };
}

/** "about 6 days", "about 3 hours", "about 20 minutes", "less than a minute". */
export function aboutDuration(ms: number): string {
  const round = (n: number, unit: string) => {
    const whole = Math.max(1, Math.round(n));
    return `about ${formatNumber(whole)} ${unit}${whole === 1 ? '' : 's'}`;
  };
  if (ms < MINUTE) return 'less than a minute';
  if (ms < HOUR) return round(ms / MINUTE, 'minute');
  if (ms < 2 * DAY) return round(ms / HOUR, 'hour');
  return round(ms / DAY, 'day');
}

export function describeForecast(forecast: Forecast): string {
  switch (forecast.kind) {
    case 'not-enough-data':
      return 'not enough data';
    case 'no-spending':
      return 'no credits spent recently';
    case 'runs-out':
      return aboutDuration(forecast.inMs);
  }
}

export interface EndpointSpend {
  id: EndpointId;
  requests: number;
  cost: CostEstimate;
  /** requests × cost, or null when the cost is unknown. */
  credits: number | null;
}

/** Credits spent by endpoint, from the client's log of successful requests and their best-known costs. */
export function spentByEndpoint(usage: SessionUsage): EndpointSpend[] {
  const counts = new Map<EndpointId, number>();
  for (const r of usage.requests) {
    if (r.endpoint in ENDPOINTS) counts.set(r.endpoint, (counts.get(r.endpoint) ?? 0) + 1);
  }
  return [...counts].map(([id, requests]) => {
    const cost = bestKnownCost(id, usage);
    return { id, requests, cost, credits: cost === null ? null : cost.credits * requests };
  });
}

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
