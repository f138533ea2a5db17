import { useState, type KeyboardEvent } from 'react';
import { FallbackImage } from '../../../components/fallback-image.tsx';

const FRAME = 'aspect-[4/3] w-full rounded';
const PLACEHOLDER =
  'flex items-center justify-center bg-slate-100 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300';

/**
 * The listing's photos one at a time, with their position ("3 of 22"). The
 * buttons step through them (wrapping round); with focus on either button the
 * arrow keys step too, and Home/End jump to the first and last. A photo that
 * fails to load shows the placeholder and the others stay reachable.
 */
export function PhotoCarousel({ photos, subject }: { photos: readonly string[]; subject: string }) {
  const [index, setIndex] = useState(0);
  const count = photos.length;
  if (count === 0)
    return (
      <FallbackImage
        src={null}
        alt=""
        placeholder="No photos"
        className={FRAME}
        placeholderClassName={PLACEHOLDER}
      />
    );
  const shown = Math.min(index, count - 1);
  const step = (by: number) => setIndex((i) => (Math.min(i, count - 1) + by + count) % count);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const to: Record<string, () => void> = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => setIndex(0),
      End: () => setIndex(count - 1),
    };
    const move = to[e.key];
    if (move && count > 1) {
      e.preventDefault();
      move();
    }
  };
  return (
    // Keys come from the buttons inside (the figure itself takes no focus).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <figure
      aria-roledescription="carousel"
      aria-label="Photos"
      className="space-y-1"
      onKeyDown={onKeyDown}
    >
      <FallbackImage
        src={photos[shown]}
        alt={`${subject} (${shown + 1} of ${count})`}
        className={FRAME}
        imgClassName="bg-slate-200 object-cover dark:bg-slate-700"
        placeholderClassName={PLACEHOLDER}
      />
      <figcaption className="flex items-center justify-between gap-2 text-sm">
        <button type="button" className="btn-small" onClick={() => step(-1)} disabled={count < 2}>
          <span aria-hidden="true">‹</span> Previous photo
        </button>
        <span aria-live="polite" data-testid="photo-position">
          {shown + 1} of {count}
        </span>
        <button type="button" className="btn-small" onClick={() => step(1)} disabled={count < 2}>
          Next photo <span aria-hidden="true">›</span>
        </button>
      </figcaption>
    </figure>
  );
}
