/** How long a step's view may take to show what matters before the step stays at the top. */
const WAIT_MS = 4000;

/**
 * What a step lands on: realty's map, a batch's pivot settings or its table (its answers were
 * recorded), or the result of any other view.
 */
export type StepFocus = 'map' | 'result' | 'pivot' | 'table';

/**
 * Scrolls a step's view to what matters (issue #36): the map of a realty step, the result of
 * the others; views mark it with `data-demo-focus`. A step opened at the top showed the banner,
 * the filters and the stats, with the map under the caption bar. The view may still be loading
 * its code or its map: this waits for the mark (at most WAIT_MS). Returns the way to stop
 * (the next step came first). Called once the step's view is on the page (the previous view's
 * mark would be found otherwise).
 */
export function landOnStep(focus: StepFocus): () => void {
  window.scrollTo(0, 0);
  const land = (): boolean => {
    const target = document.querySelector(`[data-demo-focus="${focus}"]`);
    if (!target) return false;
    // Optional: jsdom (the tests) has no scrolling.
    target.scrollIntoView?.({ block: 'start' });
    return true;
  };
  if (land()) return () => {};
  const observer = new MutationObserver(() => {
    if (land()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
