import type { QueryClient } from '@tanstack/react-query';
import { endpointQueryKey } from '../../api/endpoint-query.ts';
import { ENDPOINTS, type EndpointId, type ReadEndpointId } from '../../api/endpoints.ts';
import { pluralCredits } from '../../lib/format.ts';
import { countedCost } from '../runs/lib/pricing.ts';
import type { DemoStep } from './demo-file.ts';

/**
 * What a live replay of a script sends and costs, asked once before it starts. Reads run for
 * real (an answer already in this tab's cache is free); an action's step (a webhook job) is
 * always shown from its recording, since replaying it would create another job.
 */
export interface LivePrice {
  /** Steps whose request runs live. */
  live: number;
  /** Of them, answered from this tab's cache: free. */
  cached: number;
  /** Steps shown from the recording whatever is chosen (actions). */
  recordedOnly: number;
  /** Batch steps: they show the batch's form, whose Run prices and asks on its own. */
  forms: number;
  credits: number;
  /** Requests whose cost is not known: counted as the batch counts them (pricing.ts). */
  unknown: number;
}

/**
 * Whether a step can run live: a read's. A batch step shows its form, run from there; a step
 * of a view this page does not know cannot run.
 */
export const replaysLive = (step: DemoStep): boolean =>
  step.snapshot !== undefined &&
  Object.hasOwn(ENDPOINTS, step.snapshot.request.endpoint) &&
  ENDPOINTS[step.snapshot.request.endpoint as EndpointId].kind === 'read';

export function livePrice(steps: readonly DemoStep[], queryClient: QueryClient): LivePrice {
  const price: LivePrice = {
    live: 0,
    cached: 0,
    recordedOnly: 0,
    forms: 0,
    credits: 0,
    unknown: 0,
  };
  for (const step of steps) {
    if (!step.snapshot) {
      price.forms++;
      continue;
    }
    if (!replaysLive(step)) {
      price.recordedOnly++;
      continue;
    }
    price.live++;
    const { endpoint, params } = step.snapshot.request;
    const id = endpoint as ReadEndpointId;
    if (queryClient.getQueryData(endpointQueryKey(id, params)) !== undefined) {
      price.cached++;
      continue;
    }
    const cost = countedCost(id);
    price.credits += cost.credits;
    if (cost.basis === 'assumed') price.unknown++;
  }
  return price;
}

/** "3 requests, 45 credits (1 already answered: free; 1 of unknown cost, counted high)". */
export function livePriceLabel(p: LivePrice): string {
  const notes = [
    p.cached > 0 && `${p.cached} already answered in this tab: free`,
    p.unknown > 0 && `${p.unknown} of unknown cost, counted at the highest known cost`,
    p.recordedOnly > 0 &&
      `${p.recordedOnly} webhook step${p.recordedOnly === 1 ? '' : 's'} shown from the recording (a replay would submit a new job)`,
    p.forms > 0 &&
      `${p.forms} batch step${p.forms === 1 ? '' : 's'} showing the batch’s form (its Run is priced there)`,
  ].filter(Boolean);
  const head = `${p.live} request${p.live === 1 ? '' : 's'}, ${pluralCredits(p.credits)}`;
  return notes.length ? `${head} (${notes.join('; ')})` : head;
}
