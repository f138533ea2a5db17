import type { CostEstimate } from '../../lib/cost.ts';
import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import { useStore } from '../../lib/store.ts';
import {
  getSessionUsage,
  measuredCostOf,
  sessionUsageStore,
  type SessionUsage,
} from '../../api/session-usage.ts';

/**
 * The cost of one request to endpoint `id` as best known: the published cost when the
 * interface gives one, else the latest measured cost, else null ("unknown cost", never free).
 * A measurement that contradicts a published cost is shown as a warning on the account
 * view, not used here: the published cost is what the service promises.
 */
export function bestKnownCost(
  id: EndpointId,
  usage: SessionUsage = getSessionUsage(),
): CostEstimate {
  const published: number | null = ENDPOINTS[id].cost;
  if (published !== null) return { credits: published, basis: 'published' };
  const measured = measuredCostOf(usage, id);
  return measured ? { credits: measured.latest, basis: 'measured' } : null;
}

/** This tab's usage (costs measured, requests, account readings) as state. */
export const useSessionUsage = (): SessionUsage => useStore(sessionUsageStore);

/** `bestKnownCost` as state: re-renders when a new sample arrives or samples are reset. */
export function useBestKnownCost(id: EndpointId): CostEstimate {
  return bestKnownCost(id, useSessionUsage());
}
