import { useBestKnownCost } from '../../workspace/costs/measured-costs.ts';
import type { CostEstimate } from '../../lib/cost.ts';

/**
 * What one autocomplete request costs as far as the dashboard knows: published, else
 * measured from the account's counter in this session, else unknown (null). The one place
 * the view reads the cost.
 */
export function useAutocompleteCost(): CostEstimate {
  return useBestKnownCost('autocomplete');
}
