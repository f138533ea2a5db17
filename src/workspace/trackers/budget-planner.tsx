import { sessionUsageStore } from '../../api/session-usage.ts';
import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { useExternal } from '../../lib/use-external.ts';
import { forecastRunOut } from '../costs/run-out-forecast.ts';
import { useAccount } from '../costs/use-account.ts';
import { planBudget } from './lib/budget.ts';
import type { Tracker } from './lib/tracker.ts';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * A tracker's schedule against the plan: its run cost × the runs until renewal, the credits
 * left after, and a warning before a schedule (or the account's recent spending, the account
 * view's run-out forecast) would exhaust the plan.
 */
export function BudgetPlanner({
  tracker,
  runCost,
  nextRun,
  now,
}: {
  tracker: Tracker;
  runCost: number;
  nextRun: number | null;
  now: number;
}) {
  const summary = useAccount().data?.summary;
  const readings = useExternal(sessionUsageStore, (usage) => usage.readings);
  const forecast = forecastRunOut(readings, now);
  const plan = planBudget({
    runCost,
    cadence: tracker.cadence,
    nextRun,
    now,
    renewsInDays: summary?.validityDays,
    creditsLeft: summary?.creditsLeft,
    runOutInMs: forecast.kind === 'runs-out' ? forecast.inMs : undefined,
  });
  return (
    <section aria-labelledby={`budget-${tracker.id}`} className="space-y-1 text-sm">
      <h3 id={`budget-${tracker.id}`} className="font-semibold">
        Budget planner
      </h3>
      {tracker.cadence === 'off' ? (
        <p>
          No cadence: the tracker runs only when you press Run now ({pluralCredits(runCost)} a run).
        </p>
      ) : (
        <p data-testid="budget-plan">
          {pluralCredits(runCost)} a run × {tracker.cadence}
          {plan.runsUntilRenewal === null
            ? ' (the account does not say when the plan renews)'
            : ` = ${formatNumber(plan.runsUntilRenewal)} run${plan.runsUntilRenewal === 1 ? '' : 's'} until the plan renews: ${pluralCredits(plan.cost ?? 0)}`}
          {plan.leftAtRenewal !== null && `, ${formatNumber(plan.leftAtRenewal)} left at renewal`}
          {summary?.creditsLeft !== undefined && ` (${formatNumber(summary.creditsLeft)} left now)`}
          .{nextRun !== null && ` Next run: ${date.format(nextRun)}.`}
        </p>
      )}
      {plan.warning && (
        <p
          role="alert"
          className="rounded border border-amber-500 bg-amber-50 p-2 dark:bg-amber-950/40"
        >
          {plan.warning}
        </p>
      )}
    </section>
  );
}
