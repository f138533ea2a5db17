import type { CostEstimate } from '../lib/cost.ts';
import { ENDPOINTS, type EndpointId } from './endpoints.ts';
import { getSessionUsage, useSessionUsage, type SessionUsage } from './session-usage.ts';

/** What the client measured for one endpoint: the latest sample and how many samples agree with it. */
export interface MeasuredCost {
  latest: number;
  samples: number;
  agreeing: number;
  at: number;
}

export function measuredCostOf(usage: SessionUsage, id: EndpointId): MeasuredCost | null {
  const samples = usage.samples.filter((s) => s.endpoint === id);
  const last = samples.at(-1);
  if (!last) return null;
  return {
    latest: last.credits,
    samples: samples.length,
    agreeing: samples.filter((s) => s.credits === last.credits).length,
    at: last.at,
  };
}

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

/** `bestKnownCost` as state: re-renders when a new sample arrives or samples are reset. */
export function useBestKnownCost(id: EndpointId): CostEstimate {
  return bestKnownCost(id, useSessionUsage());
}
