/**
 * Resolves in a task of its own (after the browser had its turn: input, paint). Work on a big
 * answer is split at these points, so its parts never add up to one long freeze (issue #14:
 * no task over 200 ms).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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
