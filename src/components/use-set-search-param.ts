import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets or removes one page-URL parameter (view settings such as filters or a
 * spotlight), replacing the history entry and keeping every other parameter.
 */
export function useSetSearchParam(): (name: string, value: string | null) => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (name, value) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        // Rendered at once, not in the router's transition: see use-param-form.ts.
        { replace: true, flushSync: true },
      ),
    [setSearchParams],
  );
}
