import { ENDPOINTS } from '../../../api/endpoints.ts';
import { isApiError } from '../../../api/errors.ts';
import type { RunQueueOptions } from '../../../lib/run-queue.ts';
import type { BatchEndpointId } from './endpoints.ts';
import type { CountedCost } from './pricing.ts';

/** The parts of a run queue's options that say how a batch treats failures. */
export type RunPolicy = Pick<
  RunQueueOptions<unknown>,
  'isRefusal' | 'refusalWaitMs' | 'charged' | 'retryDelayMs' | 'isFatal' | 'pauseMs'
>;

/** Retries of a free request before its failure is final. */
export const MAX_FREE_RETRIES = 3;
const FIRST_RETRY_MS = 1_000;

const status = (error: unknown) =>
  isApiError(error) && error.kind === 'http' ? error.status : undefined;

/**
 * Only a request that costs nothing may be sent again by itself: one that is not metered, or
 * whose cost is known (published or measured) to be 0. A paid request is never retried
 * automatically (a retry can be billed twice); the user retries failed cells after seeing
 * their cost.
 */
export function isFreeRequest(endpoint: BatchEndpointId, unit: CountedCost): boolean {
  return !ENDPOINTS[endpoint].metered || (unit.basis !== 'assumed' && unit.credits === 0);
}

/**
 * How a batch run treats each failure:
 * - 429 (too many at once, never charged): back in the queue, which pauses for the answer's
 *   Retry-After, or a backoff, and resumes by itself;
 * - 401 and 403 (a wrong key, no credits left): every other request would fail alike, so the
 *   run holds;
 * - a free request's transient failure (410, 5xx, network, timeout): retried with backoff;
 * - anything else is final, and its credits count as spent unless the service's status table
 *   says it was not charged (errors.ts).
 */
export function batchRunPolicy(free: () => boolean, pauseMs?: number): RunPolicy {
  return {
    isRefusal: (error) => status(error) === 429,
    refusalWaitMs: (error) =>
      isApiError(error) && error.retryAfterSeconds !== undefined
        ? error.retryAfterSeconds * 1_000
        : undefined,
    // Bad parameters never leave the client; every other failure may have been charged.
    charged: (error) => (isApiError(error) ? error.charged !== 'no' : false),
    isFatal: (error) => status(error) === 401 || status(error) === 403,
    retryDelayMs: (_item, error, attempt) => {
      if (!free() || !isApiError(error) || !error.isTransient || attempt > MAX_FREE_RETRIES)
        return null;
      if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1_000;
      return FIRST_RETRY_MS * 2 ** (attempt - 1);
    },
    pauseMs,
  };
}
