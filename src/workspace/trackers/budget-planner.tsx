import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { PLAN_HORIZON_MS, scheduleOutlook, type PlannedSchedule } from '../costs/lib/forecast.ts';
import { ForecastNote } from '../costs/forecast-note.tsx';
import { useAccount } from '../costs/use-account.ts';
import { useForecast } from './use-forecast.ts';
import { leftAtRenewalSentence, scheduleSentence } from './lib/budget.ts';
import type { Tracker } from './lib/tracker.ts';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DAY = 24 * 60 * 60 * 1000;

/**
 * A tracker's schedule against the plan: its runs until renewal within its caps (how many the
 * caps stop), then the account's one forecast (decision 067), which counts every tracker's
 * scheduled runs, this one's among them: the overview and the account view say the same.
 */
export function BudgetPlanner({
  tracker,
  schedule,
  now,
}: {
  tracker: Tracker;
  /** This tracker's schedule as planned spend (null without a cadence). */
  schedule: PlannedSchedule | null;
  now: number;
}) {
  const summary = useAccount().data?.summary;
  const f = useForecast(summary, now, { id: tracker.id, schedule });
  const renewalKnown = summary?.validityDays !== undefined;
  const until = now + (renewalKnown ? summary.validityDays! * DAY : PLAN_HORIZON_MS);
  const left = leftAtRenewalSentence(f);
  return (
    <section aria-labelledby={`budget-${tracker.id}`} className="space-y-1 text-sm">
      <h3 id={`budget-${tracker.id}`} className="font-semibold">
        Budget planner
      </h3>
      {tracker.cadence === 'off' || schedule === null ? (
        <p>
          No cadence: the tracker runs only when you press Run now
          {schedule === null && tracker.capPerRun !== null
            ? ` (at most ${pluralCredits(tracker.capPerRun)} a run)`
            : ''}
          .
        </p>
      ) : schedule.nextRun === null ? (
        <p data-testid="budget-plan">
          {pluralCredits(schedule.runCost)} a run × {tracker.cadence}, from its first run: nothing
          is planned before you press Run now.
        </p>
      ) : (
        <p data-testid="budget-plan">
          {scheduleSentence({
            cadence: tracker.cadence,
            runCost: schedule.runCost,
            monthlyCap: tracker.monthlyCap,
            outlook: scheduleOutlook(schedule, now, until),
            renewalKnown,
          })}
          {summary?.creditsLeft !== undefined &&
            ` ${formatNumber(summary.creditsLeft)} credits left now.`}
          {schedule.nextRun !== null && ` Next run: ${date.format(schedule.nextRun)}.`}
        </p>
      )}
      {left && <p data-testid="left-at-renewal">{left}</p>}
      <ForecastNote forecast={f} planned={false} />
    </section>
  );
}
