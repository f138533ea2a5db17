import { ENDPOINTS } from '../../api/endpoints.ts';
import { useConcurrencyLimit } from '../../workspace/costs/use-account.ts';
import { isApiError } from '../../api/errors.ts';
import { useCacheStates } from '../../components/use-cache-states.ts';
import { useEndpointRuns } from '../../components/use-endpoint-runs.ts';
import { autocompleteQueries } from './queries.ts';
import type { Params } from '../../api/params.ts';

const isTooManyAtOnce = (error: Error) => isApiError(error) && error.status === 429;

/** The cap when the account does not say its own. */
export const DEFAULT_CONCURRENCY = 3;

/**
 * Many autocomplete requests on one action (prefix ladder, keyword expansion, locales): what
 * a run would send (the session cache answers the rest for free), sent through a queue capped
 * by the account's concurrency, with progress.
 */
export function useBatchRun(
  list: readonly Params[] | null,
  /** Requests to show at once, all cached (a ladder the page URL says is on screen). */
  initial: readonly Params[] | null = null,
) {
  const runs = useEndpointRuns(ENDPOINTS.autocomplete, autocompleteQueries.results, initial);
  const limit = useConcurrencyLimit();
  // One slot stays free for the rest of the dashboard (the account refresh after each paid
  // request, live typing): the sandbox, like a plan, may count those too.
  const concurrency = limit === undefined ? DEFAULT_CONCURRENCY : Math.max(1, limit - 1);
  const states = useCacheStates(
    list ? list.map((p) => autocompleteQueries.results(p).queryKey) : [],
  );
  const toSend = states.filter((s) => s === 'absent').length;
  const busy = runs.isRunning || runs.queue !== null;
  const total = runs.slots.length;
  // A 429 is not an outcome: its request waits in the queue for another turn.
  const outcome = (s: (typeof runs.slots)[number]) =>
    s.data !== undefined || (s.error !== null && !isTooManyAtOnce(s.error));
  const done = runs.slots.filter(outcome).length;
  const failed = runs.slots.filter((s) => s.data === undefined && outcome(s)).length;
  return {
    runs,
    /** Requests a run would send now (not already in the session cache or running). */
    toSend,
    concurrency,
    busy,
    done,
    failed,
    total,
    start: () => (list && !busy ? runs.run(list, { concurrency }) : false),
  };
}

export type BatchRun = ReturnType<typeof useBatchRun>;
