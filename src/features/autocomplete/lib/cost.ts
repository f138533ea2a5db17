import type { CostEstimate } from '../../../lib/cost.ts';

/**
 * Live typing sends a request at every pause, so it is on by default only where that is known
 * to spend nothing: a cost published or measured as 0. An unknown cost is not free, and the
 * sandbox is no exception (it charges its demo credits as the service would).
 */
export function liveTypingByDefault(cost: CostEstimate): boolean {
  return cost?.credits === 0;
}
