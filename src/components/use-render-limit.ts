import { useState } from 'react';

/**
 * The first `step` items of a list, and more on demand. A hostile or huge answer (tens of
 * thousands of results) then renders as fast as a normal one; a new list starts over.
 */
export function useRenderLimit<T>(items: readonly T[], step = 100) {
  const [state, setState] = useState({ items, limit: step });
  if (state.items !== items) setState({ items, limit: step });
  const limit = state.items === items ? state.limit : step;
  return {
    visible: items.slice(0, limit),
    hidden: Math.max(0, items.length - limit),
    step,
    showMore: () => setState((s) => ({ ...s, limit: s.limit + step })),
  };
}
