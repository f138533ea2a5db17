import type { PlannedSchedule } from '../../costs/lib/forecast.ts';
import { PERIOD_MS, scheduleAt, spentThisMonth } from './schedule.ts';
import { trackerMatrix, type Tracker } from './tracker.ts';

/**
 * A tracker's schedule as the forecast's planned spend (decision 067): its next run, what a whole
 * run is counted at, and its caps with what its runs spent this month. Null without a cadence.
 */
export function plannedSchedule(
  tracker: Tracker,
  runs: readonly { startedAt: number; credits: number; slot: number | null }[],
  requestCost: number,
  now: number,
): PlannedSchedule | null {
  if (tracker.cadence === 'off') return null;
  const covered = runs.flatMap((r) => (r.slot === null ? [] : [r.slot]));
  const schedule = scheduleAt(tracker.cadence, tracker.anchor, covered, now);
  return {
    name: tracker.name,
    cadenceMs: PERIOD_MS[tracker.cadence],
    // A tracker never run starts its schedule with its first run: none is planned before it.
    nextRun: schedule.due ?? schedule.next,
    runCost: trackerMatrix(tracker).cells.length * requestCost,
    requestCost,
    capPerRun: tracker.capPerRun,
    monthlyCap: tracker.monthlyCap,
    spentThisMonth: spentThisMonth(runs, now),
  };
}
