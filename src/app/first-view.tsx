import { useEffect, useSyncExternalStore } from 'react';
import { useAfterPaint } from '../components/use-after-paint.ts';

/**
 * Whether a view has painted. Work the first paint does not show (recording history, storing
 * results, the shortcuts, the background-requests notice) starts only then, so its chunks
 * never compete with the view's own for the network, nor count towards its largest paint
 * (decision 022). No request can start before a view is there to send it.
 */
let painted = false;
const listeners = new Set<() => void>();
let resolvePainted: () => void = () => undefined;

export const firstViewPainted = new Promise<void>((resolve) => {
  resolvePainted = resolve;
});

function markViewPainted(): void {
  if (painted) return;
  painted = true;
  resolvePainted();
  for (const listener of listeners) listener();
}

/** Rendered beside the view (layout.tsx): marks the first view painted, a frame after it commits. */
export function ViewPainted() {
  const framePainted = useAfterPaint();
  useEffect(() => {
    if (framePainted) markViewPainted();
  }, [framePainted]);
  return null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useFirstViewPainted = () => useSyncExternalStore(subscribe, () => painted);
