import type { CostEstimate } from '../../../lib/cost.ts';

/**
 * Live typing sends a request at every pause, so it is on by default only where that
 * spends nothing: the sandbox, or a service whose cost is known (published or measured)
 * to be 0.
 */
export function liveTypingByDefault(
  mode: 'sandbox' | 'live' | undefined,
  cost: CostEstimate,
): boolean {
  return mode === 'sandbox' || cost?.credits === 0;
}
