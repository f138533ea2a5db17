import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets or removes one page-URL parameter (view settings such as filters or a
 * spotlight), replacing the history entry and keeping every other parameter.
 * The function stays the same across URL changes (the router's setter is a new one each
 * time), so memoised children given it, or callbacks made from it, do not render again
 * on every change of the URL (decision 059).
 *
 * `atOnce: false` renders the new URL in the router's transition (slices a click can
 * interrupt) instead of in the event's task: for a control that shows its own choice until
 * the URL holds it (realty's colour mode: the whole view rendered in the change's task, an
 * INP over 200 ms at the reference phone; issue 41, as decision 086 for typed text).
 */
export function useSetSearchParam({ atOnce = true } = {}): (
  name: string,
  value: string | null,
) => void {
  const [, setSearchParams] = useSearchParams();
  const latest = useRef(setSearchParams);
  useLayoutEffect(() => {
    latest.current = setSearchParams;
  });
  return useCallback(
    (name, value) =>
      latest.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        // Rendered at once by default, not in the router's transition: see use-param-form.ts.
        { replace: true, flushSync: atOnce },
      ),
    [atOnce],
  );
}
