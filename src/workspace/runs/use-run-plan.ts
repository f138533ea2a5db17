import { hashKey } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useExternal } from '../../lib/use-external.ts';
import { endpointQueryKey } from '../../api/endpoint-query.ts';
import { useCacheSnapshot } from '../../components/use-cache-states.ts';
import { useAccount } from '../costs/use-account.ts';
import { sessionUsageStore } from '../../api/session-usage.ts';
import type { BatchEndpointId } from './lib/endpoints.ts';
import type { BatchCell } from './lib/matrix.ts';
import {
  batchConcurrency,
  countedCost,
  planBatch,
  type BatchPlan,
  type CountedCost,
} from './lib/pricing.ts';

/**
 * How many of `cells` this tab's cache has answered (they cost nothing), kept current; while
 * `frozen` (a batch is running and Run waits for it), as it was, not again after each answer.
 */
export function useCachedCount(cells: readonly BatchCell[], frozen = false): number {
  const hashes = useMemo(
    () => cells.map((c) => hashKey(endpointQueryKey(c.endpoint, c.params))),
    [cells],
  );
  const last = useRef<{ hashes: readonly string[]; count: string } | null>(null);
  const count = useCacheSnapshot((cache) => {
    if (frozen && last.current?.hashes === hashes) return last.current.count;
    const count = String(hashes.filter((h) => cache.get(h)?.state.data !== undefined).length);
    last.current = { hashes, count };
    return count;
  });
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

/**
 * What one request of `endpoint` is counted at, as state. It re-renders only when that changes:
 * the tab's usage changes with every request a batch sends.
 */
export function useCountedCost(endpoint: BatchEndpointId): CountedCost {
  const text = useExternal(sessionUsageStore, (usage) =>
    JSON.stringify(countedCost(endpoint, usage)),
  );
  return useMemo(() => JSON.parse(text) as CountedCost, [text]);
}

/** The price of sending `cells` (the cache answers some for free), within `cap`. */
export function useBatchPlan(
  endpoint: BatchEndpointId,
  cells: readonly BatchCell[],
  cap: number | null,
  frozen = false,
): BatchPlan {
  const unit = useCountedCost(endpoint);
  const { creditsLeft } = useBatchAccount();
  const cached = useCachedCount(cells, frozen);
  return planBatch({ requests: cells.length, cached, unit, creditsLeft, cap });
}
