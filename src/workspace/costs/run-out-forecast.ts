import type { UsageReading } from '../../api/session-usage.ts';
import { formatNumber } from '../../lib/format.ts';

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
