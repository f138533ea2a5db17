import { ENDPOINT_LIST, type EndpointId } from '../../../api/endpoints.ts';
import { bestKnownCost, measuredCostOf } from '../../../api/session-usage.ts';
import { getSessionUsage, type SessionUsage } from '../../../api/session-usage.ts';
import { costLabel } from '../../../lib/cost.ts';
import { formatNumber, pluralCredits } from '../../../lib/format.ts';

/**
 * What one request is counted at against a batch's cap and in its price: the cost as best known
 * (published, else measured), or for an unknown cost an assumed one, so the cap still holds.
 */
export type CountedCost =
  | { credits: number; basis: 'published' | 'measured' }
  | {
      credits: number;
      basis: 'assumed';
      /** What the assumption is the highest of. */
      from: 'measured' | 'published';
    };

/**
 * The cost of one request to `id` for a batch. An unknown cost counts as the highest measured
 * cost of any endpoint until it is measured (the highest published one before anything is
 * measured): a batch must not pass its cap because a cost was unknown.
 */
export function countedCost(id: EndpointId, usage: SessionUsage = getSessionUsage()): CountedCost {
  const known = bestKnownCost(id, usage);
  if (known) return known;
  const measured = ENDPOINT_LIST.flatMap((e) => {
    const cost = measuredCostOf(usage, e.id);
    return cost ? [cost.latest] : [];
  });
  if (measured.length > 0)
    return { credits: Math.max(...measured), basis: 'assumed', from: 'measured' };
  const published = ENDPOINT_LIST.flatMap((e) => (e.cost === null ? [] : [e.cost]));
  return { credits: Math.max(0, ...published), basis: 'assumed', from: 'published' };
}

/** "20 credits", "≈ 10 credits (measured)", or the unknown cost and what it is counted as. */
export function countedCostLabel(cost: CountedCost, runs = 1): string {
  if (cost.basis !== 'assumed') return costLabel(cost, runs);
  const source = cost.from === 'measured' ? 'measured' : 'published';
  return `unknown cost: counted as ${pluralCredits(cost.credits)} a request (the highest ${source} cost of any endpoint) until measured`;
}

export interface PlanInput {
  /** Cells of the batch. */
  requests: number;
  /** Of them, those already answered in this tab's cache: free. */
  cached: number;
  unit: CountedCost;
  /** Credits left on the account, when known. */
  creditsLeft: number | undefined;
  /** "Stop at N credits", or null without a cap. */
  cap: number | null;
}

export interface BatchPlan extends PlanInput {
  toSend: number;
  /** What sending them all costs at the counted cost. */
  cost: number;
  /** Credits left after the whole run, when the account says how many are left (may be negative). */
  creditsLeftAfter: number | null;
  /** How many requests the cap lets the run send before it stops and asks (all without a cap). */
  withinCap: number;
  /** What the requests beyond the cap would cost. */
  beyondCapCost: number;
  /** The account has fewer credits than the run costs: the service would refuse the rest (403). */
  notEnoughCredits: boolean;
}

/**
 * The price of a batch before anything is sent. The cap is checked before each request at its
 * counted cost, so exactly `withinCap` requests fit: the largest number whose cost stays within
 * the cap (what `RunQueue` sends when every request is charged).
 */
export function planBatch(input: PlanInput): BatchPlan {
  const toSend = Math.max(0, input.requests - input.cached);
  const unit = input.unit.credits;
  const cost = toSend * unit;
  const withinCap =
    input.cap === null || unit === 0
      ? toSend
      : Math.min(toSend, Math.floor(Math.max(0, input.cap) / unit));
  return {
    ...input,
    toSend,
    cost,
    creditsLeftAfter: input.creditsLeft === undefined ? null : input.creditsLeft - cost,
    withinCap,
    beyondCapCost: (toSend - withinCap) * unit,
    notEnoughCredits: input.creditsLeft !== undefined && input.creditsLeft < cost,
  };
}

/** The plan in a sentence, as the view shows it before Run. */
export function planSummary(plan: BatchPlan): string {
  const parts = [
    `${formatNumber(plan.requests)} request${plan.requests === 1 ? '' : 's'}`,
    plan.cached > 0 ? `${formatNumber(plan.cached)} already answered (free)` : null,
    `${formatNumber(plan.toSend)} to send: ${countedCostLabel(plan.unit, plan.toSend)}`,
    plan.creditsLeftAfter === null
      ? null
      : plan.notEnoughCredits
        ? 'not enough credits left'
        : `${plan.unit.basis === 'published' ? '' : '≈ '}${formatNumber(plan.creditsLeftAfter)} left after`,
    plan.withinCap < plan.toSend
      ? `the cap of ${pluralCredits(plan.cap ?? 0)} stops the run after ${formatNumber(plan.withinCap)} (${pluralCredits(plan.beyondCapCost)} more to finish)`
      : null,
  ];
  return parts.filter((p) => p !== null).join(' · ');
}

/** How many a batch sends at once: one slot fewer than the account allows (the rest of the dashboard keeps one), or fewer if the user asks. */
export function batchConcurrency(accountLimit: number | undefined, chosen?: number): number {
  const allowed =
    accountLimit === undefined ? UNKNOWN_ACCOUNT_SLOTS : Math.max(1, accountLimit - 1);
  return chosen === undefined ? allowed : Math.max(1, Math.min(allowed, Math.floor(chosen)));
}

/** Slots while the account has not said its concurrency: as autocomplete's keyword expansion. */
const UNKNOWN_ACCOUNT_SLOTS = 3;
