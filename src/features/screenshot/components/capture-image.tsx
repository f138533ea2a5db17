import { useState } from 'react';
import type { PixelSize } from '../lib/image-size.ts';
import { ScrollFrame } from './scroll-frame.tsx';

type Zoom = 'fit' | 'page' | 'actual';

const ZOOMS: { zoom: Zoom; label: string }[] = [
  { zoom: 'fit', label: 'Fit to width' },
  { zoom: 'page', label: 'Whole page' },
  { zoom: 'actual', label: 'Actual size' },
];

/** Taller than this many widths, a capture opens as a scaled preview of the whole page. */
const TALL_RATIO = 4;

const IMAGE_CLASS: Record<Zoom, string> = {
  // Shrinks a wide capture to the frame; a narrow one (a phone's) keeps its own size.
  fit: 'block h-auto max-w-full',
  page: 'mx-auto block h-[70vh] w-auto max-w-full object-contain',
  actual: 'block max-w-none',
};

export interface CaptureImageProps {
  src: string;
  alt: string;
  size: PixelSize | undefined;
  /**
   * The size the request asked for, while the image's own is not read yet: the frame takes
   * the capture's shape before its header is read, so the facts below do not drop when it is.
   */
  expected?: PixelSize;
}

/**
 * A capture in a scrollable frame: fit to width, the whole page scaled into view, or
 * actual size. A very tall full page opens as the scaled whole page; actual size is one
 * press away. The browser decodes off the main thread (`decoding="async"`).
 */
export function CaptureImage({ src, alt, size, expected }: CaptureImageProps) {
  const [chosen, setChosen] = useState<Zoom | null>(null);
  const tall = size !== undefined && size.height > size.width * TALL_RATIO;
  const zoom = chosen ?? (tall ? 'page' : 'fit');
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Zoom" className="flex flex-wrap gap-2">
        {ZOOMS.map((z) => (
          <button
            key={z.zoom}
            type="button"
            className="btn-small aria-pressed:bg-slate-200 dark:aria-pressed:bg-slate-700"
            aria-pressed={zoom === z.zoom}
            onClick={() => setChosen(z.zoom)}
          >
            {z.label}
          </button>
        ))}
      </div>
      <ScrollFrame
        label="Capture (scrollable)"
        className="max-h-[75vh] bg-slate-50 dark:bg-slate-900"
      >
        <img
          src={src}
          alt={alt}
          width={(size ?? expected)?.width}
          height={(size ?? expected)?.height}
          decoding="async"
          className={IMAGE_CLASS[zoom]}
        />
      </ScrollFrame>
    </div>
  );
}
