import { formatNumber, pluralCredits } from './format.ts';

/**
 * A request's cost as best known: published by the service, measured by the client from the
 * account's counter, or unknown (`null`, never shown as free; upstream-notes.md).
 */
export type CostEstimate = { credits: number; basis: 'published' | 'measured' } | null;

/** A bare number is a published cost (the catalogue's `cost`). */
const estimate = (cost: number | CostEstimate): CostEstimate =>
  typeof cost === 'number' ? { credits: cost, basis: 'published' } : cost;

/**
 * What a Run button says about cost: "20 credits", "≈ 10 credits (measured)" or
 * "unknown cost".
 */
export function costLabel(cost: number | CostEstimate, runs = 1): string {
  const known = estimate(cost);
  if (known === null) return 'unknown cost';
  const { credits } = known;
  const label =
    runs === 1 ? pluralCredits(credits) : `${runs} × ${credits} = ${pluralCredits(runs * credits)}`;
  return known.basis === 'measured' ? `≈ ${label} (measured)` : label;
}

/** "19,980 left after" (or "≈ 19,990 left after" for a measured cost) when both numbers are known. */
export function creditsAfter(
  cost: number | CostEstimate,
  creditsLeft: number | undefined,
  runs = 1,
): string | null {
  const known = estimate(cost);
  if (known === null || creditsLeft === undefined) return null;
  const after = creditsLeft - known.credits * runs;
  if (after < 0) return 'not enough credits left';
  return `${known.basis === 'measured' ? '≈ ' : ''}${formatNumber(after)} left after`;
}
