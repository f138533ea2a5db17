import { ENDPOINTS } from '../../../api/endpoints.ts';

/**
 * What one autocomplete request costs, as far as the dashboard knows: `null` while the
 * service does not publish it. The one place the view reads the cost, so a measured cost
 * (the Account issue, #11) can take over here. TODO(#11): prefer the measured cost.
 */
export function autocompleteCost(): number | null {
  return ENDPOINTS.autocomplete.cost;
}

/**
 * Live typing sends a request at every pause, so it is on by default only where that
 * spends nothing: the sandbox, or a service whose cost is known to be 0.
 */
export function liveTypingByDefault(mode: 'sandbox' | 'live' | undefined, cost: number | null) {
  return mode === 'sandbox' || cost === 0;
}
