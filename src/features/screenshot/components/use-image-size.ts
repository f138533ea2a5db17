import { useEffect, useState } from 'react';
import { readImageSize, type PixelSize } from '../lib/image-size.ts';

/** Enough for any header the captures carry (a JPEG's metadata comes before its size). */
const HEADER_BYTES = 256 * 1024;

/** The pixel size of an image blob, read from its header (no decoding, works for any height). */
export function useImageSize(blob: Blob | undefined): PixelSize | undefined {
  const [entry, setEntry] = useState<{ blob: Blob; size: PixelSize | undefined } | null>(null);
  useEffect(() => {
    if (!blob) return;
    let current = true;
    blob
      .slice(0, HEADER_BYTES)
      .arrayBuffer()
      .then((buffer) => {
        if (current) setEntry({ blob, size: readImageSize(new Uint8Array(buffer)) });
      })
      .catch(() => {
        if (current) setEntry({ blob, size: undefined });
      });
    return () => {
      current = false;
    };
  }, [blob]);
  return entry && entry.blob === blob ? entry.size : undefined;
}
