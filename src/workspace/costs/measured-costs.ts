import type { CostEstimate } from '../../lib/cost.ts';
import type { EndpointId } from '../../api/endpoints.ts';
import { useStore } from '../../lib/store.ts';
import { bestKnownCost, sessionUsageStore, type SessionUsage } from '../../api/session-usage.ts';

/** This tab's usage (costs measured, requests, account readings) as state. */
export const useSessionUsage = (): SessionUsage => useStore(sessionUsageStore);

/** `bestKnownCost` as state: re-renders when a new sample arrives or samples are reset. */
export function useBestKnownCost(id: EndpointId): CostEstimate {
  return bestKnownCost(id, useSessionUsage());
}
