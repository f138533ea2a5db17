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

interface PostTaskScheduler {
  postTask(work: () => void, options: { priority: 'user-blocking' }): Promise<void>;
}

/**
 * Settles in a task of its own that the browser runs ahead of the page's ordinary tasks (a
 * script's evaluation, timers): `scheduler.postTask` at user-blocking priority where there is
 * one (Chromium, Firefox), a timer elsewhere. For a few steps a reader is waiting for, each kept
 * under 50 ms, that other work must not get between (the trackers' boot paint, decision 126:
 * with a plain yield the app's module was evaluated between them, ~200 ms later at 4× CPU).
 */
export function nextUrgentTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function')
    return scheduler.postTask(() => {}, { priority: 'user-blocking' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work`, which reads the layout, before the next paint: in an urgent task of its own
 * ({@link nextUrgentTask}) when that comes before the next frame, else in the frame (an
 * animation frame callback), whichever comes first; never twice. Its layout then has a task
 * of its own, and the frame lays out only what changed since: a demo step's arrival was one
 * frame of 90–150 ms at the reference phone, the view laid out to find where to scroll, then
 * what the scroll showed, then the paint (blocking time of the /demos flow, issue 41). If the
 * frame comes first, it is that one frame again. Returns the way to cancel it, or to stop
 * what `work` started.
 */
export function beforeNextPaint(work: () => (() => void) | void): () => void {
  let done = false;
  let stop: (() => void) | void;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    stop = work();
  };
  const frame = requestAnimationFrame(once);
  void nextUrgentTask().then(once);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    stop?.();
  };
}
