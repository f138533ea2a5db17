import { useEffect, useState } from 'react';

/**
 * An object URL for a blob held in memory, revoked as soon as the blob is replaced, gone
 * (a new key clears the cache) or the component unmounts. Coming back to a result makes
 * a new URL from the cached blob. While a replacing blob's URL is being made (one render),
 * the previous URL stays: an image already decoded from it keeps showing (a revoked URL does
 * not unload it), so "Run again" does not blink the capture or remount its viewer (its zoom
 * and scroll stay where the user left them).
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is made and revoked with the effect, so StrictMode's double run never leaves a revoked URL on screen
    setEntry({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return blob ? entry?.url : undefined;
}
