import { useEffect, useState } from 'react';

/**
 * False on the first render, true once that render has been painted: a part that costs a
 * long task (the realty map and its markers) or work the first paint does not show can wait a
 * frame, so what a reader looks at first is on screen before that work starts.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout queued from an animation frame runs after that frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
