import { useEffect, useState } from 'react';

/**
 * False on the first render, true once that render has been painted: a part that costs a
 * long task (the realty map and its markers) or work the first paint does not show can wait a
 * frame, so what a reader looks at first is on screen before that work starts.
 *
 * `frames` > 1 waits that many painted frames (with no render between them): a part that must
 * come after another part's own after-paint render (the realty map after the list's rows) gets
 * a frame of its own instead of sharing that render's task.
 */
export function useAfterPaint(frames = 1): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let cancel = () => {};
    const wait = (left: number) => {
      cancel = afterNextPaint(() => (left > 1 ? wait(left - 1) : setPainted(true)));
    };
    wait(frames);
    return () => cancel();
  }, [painted, frames]);
  return painted;
}

/** Runs `work` in a task after the next frame has been painted; returns the way to cancel. */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A timeout queued from an animation frame runs after that frame has been painted.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
