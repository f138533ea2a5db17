import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets or removes one page-URL parameter (view settings such as filters or a
 * spotlight), replacing the history entry and keeping every other parameter.
 * The function stays the same across URL changes (the router's setter is a new one each
 * time), so memoised children given it, or callbacks made from it, do not render again
 * on every change of the URL (decision 059).
 */
export function useSetSearchParam(): (name: string, value: string | null) => void {
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
        // Rendered at once, not in the router's transition: see use-param-form.ts.
        { replace: true, flushSync: true },
      ),
    [],
  );
}
