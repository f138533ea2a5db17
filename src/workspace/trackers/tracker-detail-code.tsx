import { preloadable } from '../../components/preloadable.tsx';

/**
 * The open tracker's detail (its runs, movers, chart, editors): code of its own, so the
 * Trackers view without an open tracker loads and evaluates the list alone. It is asked for as
 * soon as a tracker is open (`?tracker=`, `?runner=`), beside the reads of its runs.
 */
export const trackerDetailCode = preloadable(() =>
  import('./tracker-detail.tsx').then((m) => m.TrackerDetail),
);

/** What shows for the moment the detail's code is on its way. */
export const DETAIL_LOADING = <p role="status">Opening the tracker…</p>;
