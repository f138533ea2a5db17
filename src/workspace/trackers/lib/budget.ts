import type { Cadence } from './tracker.ts';
import { PERIOD_MS } from './schedule.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface BudgetInput {
  /** What one run is counted at (every cell fresh, at the counted cost), capped by its cap. */
  runCost: number;
  cadence: Cadence;
  /** The next scheduled run, or null. */
  nextRun: number | null;
  now: number;
  /** Days until the plan renews (the account's `validity`), when known. */
  renewsInDays: number | undefined;
  creditsLeft: number | undefined;
  /** When the account runs out at the recent rate (the account's forecast), in ms from now. */
  runOutInMs: number | undefined;
}

export interface BudgetPlan {
  /** Scheduled runs from now until the plan renews (null: renewal unknown). */
  runsUntilRenewal: number | null;
  /** Their cost. */
  cost: number | null;
  /** Credits left at renewal if nothing else spends (may be negative). */
  leftAtRenewal: number | null;
  /** The first scheduled run the credits left cannot pay for, or null. */
  exhaustedAt: number | null;
  /** The account's forecast says the credits run out before the plan renews. */
  forecastRunsOutFirst: boolean;
  warning: string | null;
}

/**
 * A schedule against the plan: runs until renewal × their cost, the credits left after them,
 * and whether the schedule (or the account's recent spending) would exhaust the plan first.
 */
export function planBudget(input: BudgetInput): BudgetPlan {
  const { runCost, cadence, nextRun, now, renewsInDays, creditsLeft, runOutInMs } = input;
  const renewal = renewsInDays === undefined ? null : now + renewsInDays * DAY;
  const runs =
    cadence === 'off' || nextRun === null || renewal === null
      ? cadence === 'off'
        ? 0
        : null
      : nextRun > renewal
        ? 0
        : Math.floor((renewal - nextRun) / PERIOD_MS[cadence]) + 1;
  const cost = runs === null ? null : runs * runCost;
  const leftAtRenewal = cost === null || creditsLeft === undefined ? null : creditsLeft - cost;
  let exhaustedAt: number | null = null;
  if (cadence !== 'off' && nextRun !== null && creditsLeft !== undefined && runCost > 0) {
    const affordable = Math.floor(creditsLeft / runCost);
    const at = nextRun + affordable * PERIOD_MS[cadence];
    if (renewal === null || at <= renewal) exhaustedAt = at;
  }
  const forecastRunsOutFirst =
    runOutInMs !== undefined && renewal !== null && now + runOutInMs < renewal;
  const warning =
    exhaustedAt !== null
      ? `This schedule exhausts the plan: the run of ${dateText(exhaustedAt)} could not be paid for${renewal === null ? '' : ` (the plan renews ${dateText(renewal)})`}.`
      : forecastRunsOutFirst
        ? `At the account's recent rate the credits run out around ${dateText(now + runOutInMs)}, before the plan renews: scheduled runs after that would be missed.`
        : null;
  return {
    runsUntilRenewal: runs,
    cost,
    leftAtRenewal,
    exhaustedAt,
    forecastRunsOutFirst,
    warning,
  };
}

const dateText = (at: number) =>
  new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
