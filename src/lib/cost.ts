import { formatNumber, pluralCredits } from './format.ts';

/**
 * What a Run button says about cost. Unknown costs are said to be unknown,
 * never shown as free (upstream-notes.md).
 */
export function costLabel(cost: number | null, runs = 1): string {
  if (cost === null) return 'unknown cost';
  return runs === 1 ? pluralCredits(cost) : `${runs} × ${cost} = ${pluralCredits(runs * cost)}`;
}

/** "19,980 left after" when both numbers are known. */
export function creditsAfter(
  cost: number | null,
  creditsLeft: number | undefined,
  runs = 1,
): string | null {
  if (cost === null || creditsLeft === undefined) return null;
  const after = creditsLeft - cost * runs;
  return after < 0 ? 'not enough credits left' : `${formatNumber(after)} left after`;
}
