import type { Cadence } from './tracker.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The time between two scheduled runs. */
export const PERIOD_MS: Record<Exclude<Cadence, 'off'>, number> = { daily: DAY, weekly: 7 * DAY };

export interface ScheduleState {
  /** The slot due now (the current period's, not yet run), or null. */
  due: number | null;
  /** Earlier slots since the last run that no run stands for: to record as missed. */
  missed: number[];
  /** The next slot after now. */
  next: number | null;
}

/** The slot of period k: anchor + k periods, whatever time the runs before it actually started. */
export const slotAt = (anchor: number, period: number, k: number) => anchor + k * period;

/**
 * Where a schedule stands at `now`. Slots are anchored to the first run (slot 0), so a late run
 * does not push the next one back. A slot is covered by a run recorded for it (run or missed);
 * the current period's slot is due until it is covered; each earlier uncovered slot is missed
 * (no tab was open during its whole period). Slots before the last covered one are history.
 */
export function scheduleAt(
  cadence: Cadence,
  anchor: number | null,
  covered: readonly number[],
  now: number,
): ScheduleState {
  if (cadence === 'off' || anchor === null) return { due: null, missed: [], next: null };
  const period = PERIOD_MS[cadence];
  if (now < anchor) return { due: null, missed: [], next: anchor };
  const current = Math.floor((now - anchor) / period);
  const done = new Set(covered);
  // Slot 0 is the first run itself; the schedule starts after the last slot covered.
  let last = 0;
  for (const slot of covered) {
    const k = Math.round((slot - anchor) / period);
    if (k > last && k <= current) last = k;
  }
  const missed: number[] = [];
  for (let k = last + 1; k < current; k++) {
    const slot = slotAt(anchor, period, k);
    if (!done.has(slot)) missed.push(slot);
  }
  const slot = slotAt(anchor, period, current);
  return {
    due: current > 0 && !done.has(slot) ? slot : null,
    missed,
    next: slotAt(anchor, period, current + 1),
  };
}

/** The first moment of the calendar month (UTC) of `at`: the monthly cap's period. */
export function monthStart(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Credits the runs of `at`'s calendar month spent. */
export function spentThisMonth(
  runs: readonly { startedAt: number; credits: number }[],
  at: number,
): number {
  const start = monthStart(at);
  return runs.reduce(
    (sum, r) => (r.startedAt >= start && r.startedAt <= at ? sum + r.credits : sum),
    0,
  );
}

/**
 * The cap a run gets: the tracker's cap per run, lowered to what the monthly cap leaves. Null:
 * no cap at all.
 */
export function runCap(
  capPerRun: number | null,
  monthlyCap: number | null,
  spentInMonth: number,
): number | null {
  const monthLeft = monthlyCap === null ? null : Math.max(0, monthlyCap - spentInMonth);
  if (capPerRun === null) return monthLeft;
  if (monthLeft === null) return capPerRun;
  return Math.min(capPerRun, monthLeft);
}
