import { FallbackImage } from '../../../components/fallback-image.tsx';
import type { Home } from '../lib/home.ts';
import { firstListingPhoto } from '../lib/photos.ts';

/** A listing's first photo, small and decorative (its text is beside it), or the placeholder. */
export function ListingThumb({
  home,
  width,
  height,
  className,
}: {
  home: Home;
  width: number;
  height: number;
  className: string;
}) {
  return (
    <FallbackImage
      src={firstListingPhoto(home.listing)}
      alt=""
      loading="lazy"
      width={width}
      height={height}
      className={className}
      imgClassName="bg-slate-200 object-cover dark:bg-slate-700"
    />
  );
}
