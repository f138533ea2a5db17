import { useEffect, useState } from 'react';

/**
 * An object URL for a blob held in memory, revoked as soon as the blob is replaced, gone
 * (a new key clears the cache) or the component unmounts. Coming back to a result makes
 * a new URL from the cached blob.
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
  return entry && entry.blob === blob ? entry.url : undefined;
}
