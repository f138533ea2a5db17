import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { safeDataImage, safeHttpUrl } from '../lib/safe-url.ts';

const PLACEHOLDER_LOOK =
  'flex items-center justify-center bg-slate-100 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300';

export interface FallbackImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'className' | 'onError'
> {
  /** An image from upstream data; anything but http(s) or an inline base64 image is not loaded. */
  src: string | null | undefined;
  /** "" for a decorative image (then the placeholder is plain text). */
  alt: string;
  /** Classes for the image and the placeholder alike (size, rounding, layout). */
  className?: string;
  /** Classes for the image only. */
  imgClassName?: string;
  /** Classes for the placeholder only; a muted box with centred text when not given. */
  placeholderClassName?: string;
  /** What stands in for the image: no usable src, or it failed to load. */
  placeholder?: ReactNode;
}

/**
 * An upstream image that degrades to a placeholder instead of a broken-image
 * icon: photo links expire and the network drops, so a failed load is normal.
 * A listing without a photo and one whose photo failed look the same. A new
 * `src` gets a fresh try.
 */
export function FallbackImage({
  src,
  alt,
  className = '',
  imgClassName = '',
  placeholderClassName = PLACEHOLDER_LOOK,
  placeholder = 'No photo',
  ...img
}: FallbackImageProps) {
  const usable = safeHttpUrl(src) ?? safeDataImage(src);
  const [failed, setFailed] = useState<{ src: string | null; failed: boolean }>({
    src: usable,
    failed: false,
  });
  // Reset during render when src changes (no effect, so no frame of the old state).
  if (failed.src !== usable) setFailed({ src: usable, failed: false });
  const broken = failed.src === usable && failed.failed;

  if (!usable || broken)
    return (
      <span
        className={`${className} ${placeholderClassName}`}
        data-image-placeholder=""
        {...(alt ? { role: 'img', 'aria-label': `${alt}: no photo` } : {})}
      >
        {placeholder}
      </span>
    );
  return (
    <img
      {...img}
      src={usable}
      alt={alt}
      className={`${className} ${imgClassName}`}
      onError={() => setFailed({ src: usable, failed: true })}
    />
  );
}
