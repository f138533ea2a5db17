/**
 * Abort controllers of the metered requests now in flight, by query hash.
 *
 * Metered queries do not use TanStack Query's own signal: a query whose signal was read
 * is aborted as soon as no component observes it, so leaving a view would silently
 * drop a request the service may still charge. Instead the request runs on to the end
 * (its result waits in the cache) and only an explicit Cancel, or a change of key,
 * aborts it (decision 011).
 */

const controllers = new Map<string, AbortController>();

/** A signal for the request of `hash`; call `release` when it settles. */
export function trackRequest(hash: string): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  controllers.set(hash, controller);
  return {
    signal: controller.signal,
    release: () => {
      if (controllers.get(hash) === controller) controllers.delete(hash);
    },
  };
}

/** Aborts the request of `hash`, if one runs. */
export function abortRequest(hash: string): void {
  controllers.get(hash)?.abort();
  controllers.delete(hash);
}

/** Aborts every tracked request (the key changed: their answers belong to another key). */
export function abortAllRequests(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
}
