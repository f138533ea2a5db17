import { bestKnownCost } from '../../../api/session-usage.ts';
import type { SessionUsage } from '../../../api/session-usage.ts';
import { ENDPOINTS, type EndpointId } from '../../../api/endpoints.ts';
import type { CostEstimate } from '../../../lib/cost.ts';
import { formatNumber } from '../../../lib/format.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface EndpointSpend {
  id: EndpointId;
  requests: number;
  cost: CostEstimate;
  /** requests × cost, or null when the cost is unknown. */
  credits: number | null;
}

/** Credits spent by endpoint, from the client's log of successful requests and their best-known costs. */
export function spentByEndpoint(usage: SessionUsage): EndpointSpend[] {
  const counts = new Map<EndpointId, number>();
  for (const r of usage.requests) {
    if (r.endpoint in ENDPOINTS) counts.set(r.endpoint, (counts.get(r.endpoint) ?? 0) + 1);
  }
  return [...counts].map(([id, requests]) => {
    const cost = bestKnownCost(id, usage);
    return { id, requests, cost, credits: cost === null ? null : cost.credits * requests };
  });
}

/** The date `days` from now, e.g. "Dec 23, 2026". */
export function renewalDate(days: number, now: number): string {
  return new Date(now + days * DAY).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** Any field value as text: numbers as numbers, strings as they are, the rest as JSON. */
export function displayValue(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (value === undefined) return 'not reported';
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}
