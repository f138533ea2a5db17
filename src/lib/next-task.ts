/*
 * The ways work waits for the page: until it is idle (work nobody waits for yet), or a slice
 * at a time (a long list of work nobody may wait for in one piece). The realty view's stages
 * use them (features/realty/PIPELINE.md).
 */

/**
 * Runs `work` once the page is idle (at the latest after `timeoutMs`), for work nobody waits
 * for yet, so it never lands in the middle of input or a paint. Returns the way to cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  // No idle callbacks (Safari): a short wait after the paint that asked for it.
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}

/** Main-thread time one slice of work may take before the page gets a turn (input, paint). */
export const SLICE_MS = 8;

/**
 * Calls `work` on each item in order, as many as fit in a slice of SLICE_MS, each slice a task
 * of its own (the first too: the caller's task is usually long already), then `onDone`.
 * Returns the way to stop early (the items not reached are dropped, `onDone` is not called).
 */
export function eachInSlices<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  onDone?: () => void,
): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const until = performance.now() + SLICE_MS;
    while (next < items.length && performance.now() < until) {
      work(items[next] as T, next);
      next++;
    }
    if (next < items.length) timer = setTimeout(slice, 0);
    else onDone?.();
  };
  timer = setTimeout(slice, 0);
  return () => clearTimeout(timer);
}

/** {@link eachInSlices} as a promise that settles after the last item (for work nothing stops). */
export function inSlices<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
): Promise<void> {
  return new Promise((resolve) => {
    eachInSlices(items, work, resolve);
  });
}
