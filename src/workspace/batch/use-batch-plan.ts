import { hashKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpointQueryKey } from '../../api/endpoint-query.ts';
import { useCacheSnapshot } from '../../components/use-cache-states.ts';
import { useAccount } from '../costs/use-account.ts';
import { useSessionUsage } from '../costs/measured-costs.ts';
import type { BatchEndpointId } from './lib/endpoints.ts';
import type { BatchCell } from './lib/matrix.ts';
import { batchConcurrency, countedCost, planBatch, type BatchPlan } from './lib/pricing.ts';

/** How many of `cells` this tab's cache has answered (they cost nothing), kept current. */
export function useCachedCount(cells: readonly BatchCell[]): number {
  const hashes = useMemo(
    () => cells.map((c) => hashKey(endpointQueryKey(c.endpoint, c.params))),
    [cells],
  );
  const count = useCacheSnapshot((cache) =>
    String(hashes.filter((h) => cache.get(h)?.state.data !== undefined).length),
  );
  return Number(count);
}

/** The account's concurrency and credits, as a batch uses them. */
export function useBatchAccount() {
  const summary = useAccount().data?.summary;
  return {
    creditsLeft: summary?.creditsLeft,
    /** At most this many at once: the account's concurrency minus one. */
    allowed: batchConcurrency(summary?.concurrencyLimit),
    limit: (chosen?: number) => batchConcurrency(summary?.concurrencyLimit, chosen),
  };
}

/** The price of sending `cells` (the cache answers some for free), within `cap`. */
export function useBatchPlan(
  endpoint: BatchEndpointId,
  cells: readonly BatchCell[],
  cap: number | null,
): BatchPlan {
  const usage = useSessionUsage();
  const { creditsLeft } = useBatchAccount();
  const cached = useCachedCount(cells);
  return planBatch({
    requests: cells.length,
    cached,
    unit: countedCost(endpoint, usage),
    creditsLeft,
    cap,
  });
}
