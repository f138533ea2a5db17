import { useEffect, useState } from 'react';

/**
 * An object URL for a blob held in memory, revoked once the blob is replaced, gone (a new key
 * clears the cache) or the component unmounts. Coming back to a result makes a new URL from
 * the cached blob.
 *
 * While a replacing blob's URL is being made (one render), the previous URL stays, so "Run
 * again" does not take the capture off the page (no blink; its viewer keeps the zoom and scroll
 * the user left). The previous URL is therefore revoked a task later, not in the effect's
 * cleanup: an image mounted in that render with it starts loading in a microtask after its
 * commit, and an effect flushed at the end of a click's commit runs before that microtask (a
 * URL revoked there failed to load: ERR_FILE_NOT_FOUND).
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- no blob, no previous URL to keep: the next blob's first render must not get one already revoked
    if (!blob) return setEntry(null);
    const url = URL.createObjectURL(blob);
    setEntry({ blob, url });
    return () => void setTimeout(() => URL.revokeObjectURL(url), 0);
  }, [blob]);
  return blob ? entry?.url : undefined;
}
