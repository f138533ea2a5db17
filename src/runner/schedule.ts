import { Cron } from 'croner';
import type { Tracker } from '../workspace/trackers/lib/tracker.ts';
import type { RunnerSettings } from './store.ts';

/**
 * The cron expression a tracker runs on: the runner's own (any croner expression, in its time
 * zone), else the dashboard's cadence at the time of day (and weekday) of its first run, in
 * UTC, which is where the dashboard's anchored slots fall. Null: not scheduled.
 */
export function cronOf(
  tracker: Tracker,
  settings: Pick<RunnerSettings, 'cron'>,
): { expr: string; timeZone?: string } | null {
  if (settings.cron) return { expr: settings.cron };
  if (tracker.cadence === 'off' || tracker.anchor === null) return null;
  const at = new Date(tracker.anchor);
  const daily = `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * `;
  return {
    expr: `${daily}${tracker.cadence === 'weekly' ? at.getUTCDay() : '*'}`,
    timeZone: 'UTC',
  };
}

/** Throws a message saying what is wrong with an expression or a time zone. */
export function checkCron(expr: string, timeZone: string): void {
  try {
    new Cron(expr, { timezone: timeZone, paused: true }).nextRun();
  } catch (error) {
    throw new Error(
      `Not a schedule croner reads (“${expr}” in ${timeZone}): ${(error as Error).message}`,
    );
  }
}

const cron = (expr: string, timeZone: string) =>
  new Cron(expr, { timezone: timeZone, paused: true });

/** The first slot strictly after `after`, or null when the expression has no more. */
export function nextSlot(expr: string, timeZone: string, after: number): number | null {
  return cron(expr, timeZone).nextRun(new Date(after))?.getTime() ?? null;
}

/** Every slot from `from` (included) to `to` (included), oldest first, at most `limit`. */
export function slotsBetween(
  expr: string,
  timeZone: string,
  from: number,
  to: number,
  limit = 1_000,
): number[] {
  const job = cron(expr, timeZone);
  const slots: number[] = [];
  let at = job.nextRun(new Date(from - 1));
  while (at && at.getTime() <= to && slots.length < limit) {
    slots.push(at.getTime());
    at = job.nextRun(at);
  }
  return slots;
}

export interface SlotDecision {
  /** The slot to run now, or null. */
  run: number | null;
  /** It is a catch-up of a slot missed while no runner ran. */
  catchUp: boolean;
  /** Slots no run will stand for: recorded as missed. */
  missed: number[];
}

/**
 * What to do with the slots due (oldest first) at `now`: the newest slot that is not late (within
 * `graceMs` of its time) runs; older ones were missed while no runner ran, and are recorded as
 * such. When every due slot is late, the newest runs as the one catch-up only if the tracker
 * asks for it: a runner down for a week makes one run, not seven (no retry storm).
 */
export function decideSlots(
  due: readonly number[],
  now: number,
  graceMs: number,
  catchUp: boolean,
): SlotDecision {
  const newest = due.at(-1);
  if (newest === undefined) return { run: null, catchUp: false, missed: [] };
  const onTime = now - newest <= graceMs;
  if (onTime || catchUp) return { run: newest, catchUp: !onTime, missed: due.slice(0, -1) };
  return { run: null, catchUp: false, missed: [...due] };
}
