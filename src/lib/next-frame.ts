// Apart from next-task.ts: the app shell uses it (app/view-arrival.ts), and the initial
// JavaScript is at its budget (the slices and idle work load with the views).

/**
 * Runs `work`, which reads the layout (a scroll into view, a focus, an element's size), in the
 * next frame before its paint; returns the way to cancel it, or to stop what it started. Read
 * in a commit, the layout is computed there, in React's task, and again if the commit's
 * effects change the page after it (presenter mode's larger type: two full layouts, 430 ms at
 * the reference phone; issue 41). In the frame the browser lays the page out once, in a task
 * of its own, before the paint that would do it anyway.
 */
export function inNextFrame(work: () => (() => void) | void): () => void {
  let stop: (() => void) | void;
  const frame = requestAnimationFrame(() => {
    stop = work();
  });
  return () => {
    cancelAnimationFrame(frame);
    stop?.();
  };
}
