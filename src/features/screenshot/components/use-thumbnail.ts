import { useEffect, useState } from 'react';
import type { PixelSize } from '../lib/image-size.ts';

export const THUMB_WIDTH = 96;
export const THUMB_HEIGHT = 60;

/**
 * A small picture of the top of a capture, as a data: URL: the strip can show every capture
 * of the session without keeping an object URL (and a full-size decode) per capture. The
 * bitmap is decoded at thumbnail size. Undefined where the browser lacks createImageBitmap
 * (jsdom): the strip then shows text only.
 */
export function useThumbnail(blob: Blob, size: PixelSize | undefined): string | undefined {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!size || typeof createImageBitmap !== 'function') return;
    let current = true;
    const cropHeight = Math.min(size.height, Math.round((size.width * THUMB_HEIGHT) / THUMB_WIDTH));
    createImageBitmap(blob, 0, 0, size.width, cropHeight, {
      resizeWidth: THUMB_WIDTH * 2,
      resizeHeight: THUMB_HEIGHT * 2,
      resizeQuality: 'medium',
    })
      .then((bitmap) => {
        const canvas = document.createElement('canvas');
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
        bitmap.close();
        if (current) setEntry({ blob, url: canvas.toDataURL('image/jpeg', 0.75) });
      })
      // A capture the browser cannot decode keeps its text chip.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [blob, size]);
  return entry && entry.blob === blob ? entry.url : undefined;
}
