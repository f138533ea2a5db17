import type { Forecast, ScheduleOutlook } from '../../costs/lib/forecast.ts';
import { formatNumber, pluralCredits } from '../../../lib/format.ts';
import type { Cadence } from './tracker.ts';

/**
 * What a tracker's budget planner says of its own schedule (decision 067): its runs until the
 * plan renews within its caps, how many the caps stop, and what they spend. What is left at
 * renewal, and whether the credits last, is the account's one forecast, shown beside it.
 */
export function scheduleSentence(input: {
  cadence: Exclude<Cadence, 'off'>;
  /** What a whole run is counted at, before its caps. */
  runCost: number;
  monthlyCap: number | null;
  outlook: ScheduleOutlook;
  renewalKnown: boolean;
}): string {
  const { cadence, runCost, monthlyCap, outlook, renewalKnown } = input;
  const until = renewalKnown ? 'until the plan renews' : 'over the next 30 days';
  const runs = (n: number) => `${formatNumber(n)} run${n === 1 ? '' : 's'}`;
  let text = `${pluralCredits(runCost)} a run × ${cadence} = ${runs(outlook.runs)} ${until}`;
  const caps: string[] = [];
  if (outlook.cutPerRun) caps.push(`each run stops at its cap of ${pluralCredits(outlook.perRun)}`);
  if (outlook.stopped > 0 && monthlyCap !== null)
    caps.push(
      `the monthly cap of ${pluralCredits(monthlyCap)} stops ${formatNumber(outlook.stopped)} of them`,
    );
  if (caps.length > 0) {
    const going = outlook.runs - outlook.stopped;
    text += `; ${caps.join(' and ')}: ${runs(going)}, ${pluralCredits(outlook.credits)}`;
  } else text += `: ${pluralCredits(outlook.credits)}`;
  return `${text}.`;
}

/**
 * "If nothing else spends, 99,380 left at renewal": said only when the forecast has no rate to
 * count the other spending with (with one, its sentence says what is left).
 */
export function leftAtRenewalSentence(f: Forecast): string | null {
  const left = f.leftAtRenewal;
  if (!left || left.withRate) return null;
  return left.low < 0
    ? 'The scheduled runs cost more than the credits left before the plan renews.'
    : `If nothing else spends, ${formatNumber(left.low)} left at renewal.`;
}
