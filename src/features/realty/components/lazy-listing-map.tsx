import { memo } from 'react';
import type { ListingMapProps } from './listing-map.tsx';
import { preloadable } from '../../../components/preloadable.tsx';
import { useAfterPaint } from '../../../components/use-after-paint.ts';
import { whenIdle } from '../../../lib/next-task.ts';
import { MAP_SIZE } from '../map-config.ts';

/**
 * Leaflet, its CSS, the basemap and the cluster layer are the larger part of the view's
 * code and nothing of them shows before there are listings: they load on their own, so
 * the form and the list paint first (docs/benchmarks.md, the realty route's first paint).
 */
const code = () => import('./listing-map.tsx');
const map = preloadable<ListingMapProps>(() => code().then((m) => m.ListingMap));

/**
 * The "ahead" stage's map part (../PIPELINE.md): loads the map's code, then, in a later idle
 * moment of its own, builds the next map off the page and fetches the offline outlines
 * (listing-map's prepareListingMap), so none of that is left for the moment the listings arrive.
 */
export function loadListingMap(): Promise<void> {
  return map.preload().then(() =>
    code().then((m) => {
      whenIdle(m.prepareListingMap);
    }),
  );
}

/** Learns whether map tiles load while a request travels (basemap's probeBasemap). */
export function probeBasemapAhead(): Promise<void> {
  return code().then((m) => m.probeBasemap());
}

/** A box of the map's size and name, standing in while the map is not drawn yet (nothing moves). */
export function MapPlaceholder({
  className = MAP_SIZE,
  label = 'Map of listings',
  children = 'Loading the map…',
}: {
  className?: string | undefined;
  label?: string | undefined;
  children?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy="true"
      data-demo-focus="map"
      className={`flex items-center justify-center rounded border border-slate-200 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400 ${className}`}
    >
      {children}
    </div>
  );
}

/**
 * The "map" stage (../PIPELINE.md): the map, with a box of the same size in its place while its
 * code loads and until what rendered with it (the results) and the list's rows after them have
 * been painted, each in a frame of its own: putting the map on the page is a long task on a
 * phone. The wait lives here, so that only the map renders again when it ends, not the results. Memoised: the colour mode's select renders the results, and
 * the map only once its deferred scale changes (decision 059).
 */
export const LazyListingMap = memo(function LazyListingMap(props: ListingMapProps) {
  // Two frames: the one that showed the results, then the one of the list's rows (ListingList).
  const painted = useAfterPaint(2);
  const placeholder = <MapPlaceholder className={props.className} label={props.label} />;
  return painted ? <map.Preloaded {...props} fallback={placeholder} /> : placeholder;
});
