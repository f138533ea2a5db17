import { useEffect } from 'react';
import { useAfterPaint } from '../components/use-after-paint.ts';
import { createStore, useStore } from '../lib/store.ts';

/**
 * Whether a view has painted. Work the first paint does not show (recording history, storing
 * results, the shortcuts, the background-requests notice) starts only then, so its chunks
 * never compete with the view's own for the network, nor count towards its largest paint
 * (decision 022). No request can start before a view is there to send it.
 */
const painted = createStore(false);
let resolvePainted: () => void = () => undefined;

export const firstViewPainted = new Promise<void>((resolve) => {
  resolvePainted = resolve;
});

function markViewPainted(): void {
  if (painted.get()) return;
  resolvePainted();
  painted.set(true);
}

/** Rendered beside the view (layout.tsx): marks the first view painted, a frame after it commits. */
export function ViewPainted() {
  const framePainted = useAfterPaint();
  useEffect(() => {
    if (framePainted) markViewPainted();
  }, [framePainted]);
  return null;
}

export const useFirstViewPainted = () => useStore(painted);
