import { useState } from 'react';

/** The listing's photos one at a time; the URLs were already limited to http(s). */
export function PhotoCarousel({ photos, subject }: { photos: readonly string[]; subject: string }) {
  const [index, setIndex] = useState(0);
  const count = photos.length;
  if (count === 0)
    return (
      <p className="flex aspect-[4/3] items-center justify-center rounded bg-slate-100 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        No photos
      </p>
    );
  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  return (
    <figure aria-roledescription="carousel" aria-label="Photos" className="space-y-1">
      <img
        src={photos[index]}
        alt={`${subject} (${index + 1} of ${count})`}
        className="aspect-[4/3] w-full rounded bg-slate-200 object-cover dark:bg-slate-700"
      />
      <figcaption className="flex items-center justify-between gap-2 text-sm">
        <button type="button" className="btn-small" onClick={() => step(-1)} disabled={count < 2}>
          <span aria-hidden="true">‹</span> Previous photo
        </button>
        <span aria-live="polite" data-testid="photo-position">
          {index + 1} of {count}
        </span>
        <button type="button" className="btn-small" onClick={() => step(1)} disabled={count < 2}>
          Next photo <span aria-hidden="true">›</span>
        </button>
      </figcaption>
    </figure>
  );
}
