import { lazy, Suspense } from 'react';
import type { ListingMapProps } from './listing-map.tsx';

/**
 * Leaflet, its CSS, the basemap and the cluster layer are the larger part of the view's
 * code and nothing of them shows before there are listings: they load on their own, so
 * the form and the list paint first (docs/benchmarks.md, the realty route's first paint).
 */
export const loadListingMap = () => import('./listing-map.tsx');

const ListingMap = lazy(() => loadListingMap().then((m) => ({ default: m.ListingMap })));

const DEFAULT_SIZE = 'h-[360px] lg:h-[600px]';

/** The map, with a box of the same size in its place while its code loads (nothing moves). */
export function LazyListingMap(props: ListingMapProps) {
  const { className = DEFAULT_SIZE, label = 'Map of listings' } = props;
  return (
    <Suspense
      fallback={
        <div
          role="region"
          aria-label={label}
          aria-busy="true"
          className={`flex items-center justify-center rounded border border-slate-200 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400 ${className}`}
        >
          Loading the map…
        </div>
      }
    >
      <ListingMap {...props} />
    </Suspense>
  );
}
