import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same (by `isSame`) for `pauseMs`; the first value at once.
 * For work that follows what is typed but is not needed letter by letter: it renders once per
 * pause in the typing instead of once per key (issue 41: on a phone each key's render of such
 * work is a long task), and a value that changes back and forth, or is rebuilt equal (the URL
 * catching up with the field), renders nothing.
 */
export function useValueAfterPause<T>(
  value: T,
  pauseMs: number,
  isSame: (a: T, b: T) => boolean = Object.is,
): T {
  const [settled, setSettled] = useState(value);
  const changed = !isSame(settled, value);
  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => setSettled(() => value), pauseMs);
    return () => clearTimeout(timer);
  }, [changed, value, pauseMs]);
  return settled;
}
