import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/next-task.ts';

/**
 * How many of `count` stages to render: none at first, then one more each time the page is
 * idle after a paint. Parts below what a reader looks at first (a tracker's editors under its
 * movers) come one task each instead of one long task with the first screen (decision 106).
 */
export function useIdleStages(count: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= count) return;
    let cancel = () => {};
    // A frame first, so the stage before is painted before the next one's work starts.
    const frame = requestAnimationFrame(() => {
      cancel = whenIdle(() => setShown((n) => n + 1), 500);
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [shown, count]);
  return shown;
}
