import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { afterNextPaint } from './use-after-paint.ts';

/**
 * Sets or removes one page-URL parameter (view settings such as filters or a
 * spotlight), replacing the history entry and keeping every other parameter.
 * The function stays the same across URL changes (the router's setter is a new one each
 * time), so memoised children given it, or callbacks made from it, do not render again
 * on every change of the URL (decision 059).
 *
 * `afterPaint: true` writes the URL once the control's own change has been painted, and renders
 * it in the router's transition (slices a click can interrupt) instead of in the event's task:
 * for a control that shows its own choice until the URL holds it (realty's colour mode: the
 * whole view rendered in the change's task, an INP over 200 ms at the reference phone; issue
 * 41, as decision 086 for typed text). The write itself (`history.replaceState`, a call into the
 * browser, and the router's navigation) was most of that change's task at 10,000 listings
 * (decision 115). A write still waiting when the part unmounts is dropped (the page left).
 */
export function useSetSearchParam({ afterPaint = false } = {}): (
  name: string,
  value: string | null,
) => void {
  const [, setSearchParams] = useSearchParams();
  const latest = useRef(setSearchParams);
  useLayoutEffect(() => {
    latest.current = setSearchParams;
  });
  const waiting = useRef(new Set<() => void>());
  useEffect(() => {
    const pending = waiting.current;
    return () => {
      for (const cancel of pending) cancel();
      pending.clear();
    };
  }, []);
  return useCallback(
    (name, value) => {
      const write = () =>
        latest.current(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (value) next.set(name, value);
            else next.delete(name);
            return next;
          },
          // Rendered at once by default, not in the router's transition: see use-param-form.ts.
          { replace: true, flushSync: !afterPaint },
        );
      if (!afterPaint) return write();
      const cancel = afterNextPaint(() => {
        waiting.current.delete(cancel);
        write();
      });
      waiting.current.add(cancel);
    },
    [afterPaint],
  );
}
