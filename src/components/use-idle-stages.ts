import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/next-task.ts';

/**
 * How many of `count` stages to render: none at first, then one more each time the page is
 * idle after a paint. Parts below what a reader looks at first (a tracker's editors under its
 * movers) come one task each instead of one long task with the first screen (decision 106).
 * A new `restartOn` (compared with `Object.is`) starts again from none: what the stages
 * render changed as a whole (the movers sorted again with every row shown), and rendering
 * all of it in the task that changed it would be the long task the stages avoid.
 */
export function useIdleStages(count: number, restartOn?: unknown): number {
  const [stages, setStages] = useState({ shown: 0, of: restartOn });
  // Set while rendering, React's way to reset state from a changed input: no frame shows the
  // old count for the new content.
  if (!Object.is(stages.of, restartOn)) setStages({ shown: 0, of: restartOn });
  const shown = Object.is(stages.of, restartOn) ? stages.shown : 0;
  useEffect(() => {
    if (shown >= count) return;
    let cancel = () => {};
    // A frame first, so the stage before is painted before the next one's work starts.
    const frame = requestAnimationFrame(() => {
      cancel = whenIdle(() => setStages((s) => ({ ...s, shown: s.shown + 1 })), 500);
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [shown, count]);
  return shown;
}
