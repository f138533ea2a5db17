import type { UsageReading } from '../../../api/session-usage.ts';
import { formatNumber, pluralCredits } from '../../../lib/format.ts';

/**
 * The one forecast of the dashboard (decision 067): the overview, the account view and a
 * tracker's budget planner all read their sentences from `forecast()`, so no two of them can
 * disagree. It forecasts only from enough data, as a range, names the window its rate comes
 * from, and counts the trackers' scheduled runs as planned spend within their caps.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The rate is read from the account readings of at most this long ago. */
export const RATE_WINDOW_MS = 7 * DAY;
/** Readings spanning less than this say too little about a rate: no forecast from them. */
export const MIN_SPAN_MS = HOUR;
/**
 * A rate is never narrower than this either side of the window's mean: a range, not a point,
 * even for perfectly steady readings.
 */
const MIN_SPREAD = 0.25;

/** A tracker's schedule, as planned spend until the plan renews. */
export interface PlannedSchedule {
  name: string;
  cadenceMs: number;
  /** The next scheduled run (null: none planned). */
  nextRun: number | null;
  /** What a whole run is counted at (every cell fresh), before its caps. */
  runCost: number;
  /** What one request is counted at: a run the month's cap leaves less than this is stopped. */
  requestCost: number;
  capPerRun: number | null;
  monthlyCap: number | null;
  /** What its runs spent in the calendar month (UTC) of `now`. */
  spentThisMonth: number;
}

export interface ForecastInput {
  readings: readonly UsageReading[];
  now: number;
  creditsLeft: number | undefined;
  /** Days until the plan renews (the account's `validity`), when it says. */
  renewsInDays: number | undefined;
  schedules?: readonly PlannedSchedule[];
}

export type Rate =
  | { kind: 'no-data'; readings: number }
  | { kind: 'little-data'; spanMs: number }
  | {
      kind: 'steady';
      /** How far back the readings the rate comes from go. */
      windowMs: number;
      /** Credits an hour: the low and high ends of the range. */
      low: number;
      high: number;
      spent: number;
    };

export interface ScheduleOutlook {
  name: string;
  /** Scheduled runs until the renewal (or, renewal unknown, over the next 30 days). */
  runs: number;
  /** Of them, stopped by the monthly cap (not started: less than one request's worth left). */
  stopped: number;
  /** A run is cut at its cap per run (it would cost more). */
  cutPerRun: boolean;
  /** What a run that goes ahead is counted at: its cost within its cap per run. */
  perRun: number;
  /** Credits the runs that go ahead spend. */
  credits: number;
}

export interface Planned {
  runs: number;
  stopped: number;
  credits: number;
  schedules: ScheduleOutlook[];
}

export type Outcome =
  /** Even at the rate's high end the credits last past the renewal. */
  | { kind: 'lasts' }
  /** Even at the rate's low end they run out before the renewal. */
  | { kind: 'runs-out'; earliestMs: number; latestMs: number }
  /** Within the range: maybe before, maybe after the renewal. */
  | { kind: 'may-run-out'; earliestMs: number }
  /** Renewal unknown: how long the credits last. */
  | { kind: 'lasts-for'; earliestMs: number; latestMs: number | null }
  /** No forecast (no credits figure, or too little data). */
  | { kind: 'none' };

export interface Forecast {
  rate: Rate;
  planned: Planned;
  /** ms until the plan renews, when known. */
  renewalInMs: number | null;
  /** Credits left at renewal: [low, high] with the other spending at the rate, else if nothing but the schedules spends. */
  leftAtRenewal: { low: number; high: number; withRate: boolean } | null;
  outcome: Outcome;
  /** The forecast in one sentence (what every view shows). */
  headline: string;
  /** The schedules' planned spend in one sentence, or null when none is scheduled. */
  plannedSentence: string | null;
  /** True when the credits run out (or may) before the renewal: the only case shown as a warning. */
  warn: boolean;
}

/** The readings of the current plan period within the window (a drop in `requestUsed` is a renewal). */
function periodReadings(readings: readonly UsageReading[], now: number): UsageReading[] {
  let period: UsageReading[] = [];
  for (const r of readings) {
    const previous = period.at(-1);
    if (previous && r.requestUsed < previous.requestUsed) period = [];
    period.push(r);
  }
  return period.filter((r) => r.at >= now - RATE_WINDOW_MS && r.at <= now);
}

const rateBetween = (a: UsageReading, b: UsageReading) =>
  b.at > a.at ? (Math.max(0, b.requestUsed - a.requestUsed) / (b.at - a.at)) * HOUR : 0;

/** The account's spending rate, as a range, from the readings (or why there is none). */
export function spendingRate(readings: readonly UsageReading[], now: number): Rate {
  const recent = periodReadings(readings, now);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || recent.length < 2) return { kind: 'no-data', readings: recent.length };
  const spanMs = last.at - first.at;
  if (spanMs < MIN_SPAN_MS) return { kind: 'little-data', spanMs };
  const mean = rateBetween(first, last);
  // The two halves of the window: use that came in bursts shows as a wider range.
  const middle = first.at + spanMs / 2;
  const split = recent.reduce((best, r) =>
    Math.abs(r.at - middle) < Math.abs(best.at - middle) ? r : best,
  );
  // Only halves of some length say anything (a reading a second before the last does not).
  const halves =
    split.at - first.at >= spanMs / 4 && last.at - split.at >= spanMs / 4
      ? [rateBetween(first, split), rateBetween(split, last)]
      : [];
  const low = Math.min(mean * (1 - MIN_SPREAD), ...halves);
  const high = Math.max(mean * (1 + MIN_SPREAD), ...halves);
  return {
    kind: 'steady',
    windowMs: now - first.at,
    low,
    high,
    spent: last.requestUsed - first.requestUsed,
  };
}

const monthStart = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

/** Without a renewal date, planned spend is counted over this long. */
export const PLAN_HORIZON_MS = 30 * DAY;

/**
 * A schedule's runs from its next one until `until`, each within the tracker's caps the way the
 * tracker's runner applies them (a run gets its cap per run lowered to what the month leaves; a
 * run the month leaves less than one request for is stopped).
 */
export function scheduleOutlook(s: PlannedSchedule, now: number, until: number): ScheduleOutlook {
  const perRun = s.capPerRun === null ? s.runCost : Math.min(s.runCost, s.capPerRun);
  const outlook: ScheduleOutlook = {
    name: s.name,
    runs: 0,
    stopped: 0,
    cutPerRun: perRun < s.runCost,
    perRun,
    credits: 0,
  };
  if (s.nextRun === null || s.cadenceMs <= 0) return outlook;
  let month = monthStart(now);
  let spent = s.spentThisMonth;
  for (let at = s.nextRun; at <= until; at += s.cadenceMs) {
    const m = monthStart(at);
    if (m !== month) {
      month = m;
      spent = 0;
    }
    outlook.runs += 1;
    const monthLeft = s.monthlyCap === null ? Infinity : Math.max(0, s.monthlyCap - spent);
    if (monthLeft < Math.max(1, s.requestCost)) {
      outlook.stopped += 1;
      continue;
    }
    const credits = Math.min(perRun, monthLeft);
    spent += credits;
    outlook.credits += credits;
  }
  return outlook;
}

/** "10 minutes", "3 hours", "6 days" (no "about": the callers say it once). */
export function durationText(ms: number): string {
  const whole = (n: number, unit: string) => {
    const w = Math.max(1, Math.round(n));
    return `${formatNumber(w)} ${unit}${w === 1 ? '' : 's'}`;
  };
  if (ms < MINUTE) return 'less than a minute';
  if (ms < HOUR) return whole(ms / MINUTE, 'minute');
  if (ms < 2 * DAY) return whole(ms / HOUR, 'hour');
  return whole(ms / DAY, 'day');
}

/** "3–5 days", "about 2 days" when both ends read the same. */
function rangeText(lowMs: number, highMs: number): string {
  const a = durationText(lowMs);
  const b = durationText(highMs);
  if (a === b) return `about ${a}`;
  const [na, ...ua] = a.split(' ');
  const [nb, ...ub] = b.split(' ');
  // "3–5 days" when the unit is the same, "50 minutes – 2 hours" when not.
  return ua.join(' ').replace(/s$/, '') === ub.join(' ').replace(/s$/, '') && na && nb
    ? `${na}–${nb} ${ub.join(' ')}`
    : `${a} – ${b}`;
}

/** "the last 10 minutes'", "the last 3 hours'", "the last 7 days'": the window the rate is read from. */
const windowText = (ms: number) => {
  const [n, unit] = durationText(ms).split(' ');
  return n === '1' ? `the last ${unit}'s` : `the last ${n} ${unit}'`;
};

/** "90–140 credits an hour", rounded so the range reads as one. */
function rateText(low: number, high: number): string {
  if (high < 10) {
    const [l, h] = [Math.round(low * 24), Math.round(high * 24)];
    return l === h
      ? `about ${pluralCredits(h)} a day`
      : `${formatNumber(l)}–${pluralCredits(h)} a day`;
  }
  const [l, h] = [Math.round(low), Math.round(high)];
  return l === h
    ? `about ${pluralCredits(h)} an hour`
    : `${formatNumber(l)}–${pluralCredits(h)} an hour`;
}

const renewalText = (renewsInDays: number) =>
  `the plan renews in ${formatNumber(renewsInDays)} day${renewsInDays === 1 ? '' : 's'}`;

function plannedText(planned: Planned, until: string): string | null {
  if (planned.schedules.length === 0) return null;
  const stops = planned.schedules
    .filter((s) => s.stopped > 0)
    .map(
      (s) =>
        `the monthly cap stops ${formatNumber(s.stopped)} of ${s.name}'s ${formatNumber(s.runs)}`,
    );
  const cuts = planned.schedules
    .filter((s) => s.cutPerRun)
    .map((s) => `${s.name}'s runs stop at their cap of ${pluralCredits(s.perRun)}`);
  const going = planned.runs - planned.stopped;
  return (
    `Scheduled tracker runs ${until}: ${formatNumber(going)} run${going === 1 ? '' : 's'}, ${pluralCredits(planned.credits)}` +
    ([...stops, ...cuts].length > 0 ? ` (${[...stops, ...cuts].join('; ')})` : '') +
    '.'
  );
}

/** The forecast of when the credits run out, and its sentences. */
export function forecast(input: ForecastInput): Forecast {
  const { readings, now, creditsLeft, renewsInDays } = input;
  const rate = spendingRate(readings, now);
  const renewalInMs = renewsInDays === undefined ? null : renewsInDays * DAY;
  const until = now + (renewalInMs ?? PLAN_HORIZON_MS);
  const schedules = (input.schedules ?? []).map((s) => scheduleOutlook(s, now, until));
  const planned: Planned = {
    runs: schedules.reduce((n, s) => n + s.runs, 0),
    stopped: schedules.reduce((n, s) => n + s.stopped, 0),
    credits: schedules.reduce((n, s) => n + s.credits, 0),
    schedules,
  };
  const plannedSentence = plannedText(
    planned,
    renewalInMs === null ? 'over the next 30 days' : 'until the plan renews',
  );
  const base = { rate, planned, renewalInMs, plannedSentence };

  if (creditsLeft === undefined)
    return {
      ...base,
      leftAtRenewal: null,
      outcome: { kind: 'none' },
      headline: 'No forecast: the account does not say how many credits are left.',
      warn: false,
    };

  // Planned spend is treated as spent now: conservative, and it keeps the arithmetic to one line.
  const afterPlanned = creditsLeft - planned.credits;
  const withPlanned = planned.credits > 0 ? ' and with the scheduled tracker runs' : '';

  if (rate.kind !== 'steady') {
    const need = `it needs account readings over at least ${durationText(MIN_SPAN_MS)}`;
    const have =
      rate.kind === 'no-data'
        ? rate.readings === 0
          ? 'this tab has none yet'
          : 'this tab has read the account once'
        : `this tab's readings span ${durationText(rate.spanMs)}`;
    const leftAtRenewal =
      renewalInMs === null ? null : { low: afterPlanned, high: afterPlanned, withRate: false };
    const runsOutOnPlan = afterPlanned < 0;
    return {
      ...base,
      leftAtRenewal,
      outcome: { kind: 'none' },
      headline:
        `No forecast yet: ${need}; ${have}.` +
        (runsOutOnPlan
          ? ` The scheduled tracker runs alone would spend ${pluralCredits(planned.credits)}, more than the ${formatNumber(creditsLeft)} left.`
          : ''),
      warn: runsOutOnPlan,
    };
  }

  const window = windowText(rate.windowMs);
  const at = `At ${window} rate (${rate.high === 0 ? 'no credits spent' : rateText(rate.low, rate.high)})${withPlanned}`;
  // ms until the credits (after the planned runs) run out at each end of the range.
  const outAt = (perHour: number) =>
    afterPlanned <= 0 ? 0 : perHour <= 0 ? Infinity : (afterPlanned / perHour) * HOUR;
  const earliestMs = outAt(rate.high);
  const latestMs = outAt(rate.low);
  const leftAtRenewal =
    renewalInMs === null
      ? null
      : {
          low: Math.round(afterPlanned - (rate.high * renewalInMs) / HOUR),
          high: Math.round(afterPlanned - (rate.low * renewalInMs) / HOUR),
          withRate: true,
        };

  if (renewalInMs === null) {
    const lasts =
      earliestMs === Infinity
        ? 'the credits left last as long as nothing is spent'
        : `the credits left last ${latestMs === Infinity ? `at least ${durationText(earliestMs)}` : rangeText(earliestMs, latestMs)}`;
    return {
      ...base,
      leftAtRenewal,
      outcome: {
        kind: 'lasts-for',
        earliestMs,
        latestMs: latestMs === Infinity ? null : latestMs,
      },
      headline: `${at}, ${lasts}; the account does not say when the plan renews.`,
      warn: false,
    };
  }

  const renews = renewalText(renewsInDays!);
  if (earliestMs >= renewalInMs) {
    const left = leftAtRenewal!;
    return {
      ...base,
      leftAtRenewal,
      outcome: { kind: 'lasts' },
      headline:
        `${at}, the credits left last until ${renews}` +
        (rate.high === 0 && planned.credits === 0
          ? '.'
          : `, with ${left.low === left.high ? formatNumber(left.low) : `${formatNumber(left.low)}–${formatNumber(left.high)}`} to spare.`),
      warn: false,
    };
  }
  if (latestMs < renewalInMs)
    return {
      ...base,
      leftAtRenewal,
      outcome: { kind: 'runs-out', earliestMs, latestMs },
      headline: `${at}, the credits left run out in ${earliestMs === 0 ? 'no time' : rangeText(earliestMs, latestMs)}, before ${renews}.`,
      warn: true,
    };
  return {
    ...base,
    leftAtRenewal,
    outcome: { kind: 'may-run-out', earliestMs },
    headline: `${at}, the credits left last ${durationText(earliestMs)} or more: they may run out shortly before ${renews}.`,
    warn: true,
  };
}
