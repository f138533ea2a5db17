import { useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseAreaUnit } from '../lib/area.ts';
import { buildScale, parseColorMode } from '../lib/color-scale.ts';
import {
  applyFilters,
  FILTER_PARAMS,
  parseFilters,
  valueCounts,
  type FilterParam,
  type Filters,
} from '../lib/filters.ts';
import type { Home } from '../lib/home.ts';
import { parseMapView } from '../lib/map-view.ts';
import { homesInShape, parseShape } from '../lib/shape.ts';
import { parseSort, sortHomes } from '../lib/sort.ts';
import { dataQuality, priceStats, selectionMedians } from '../lib/stats.ts';

/** The page-URL parameter of the map's viewport (lib/map-view.ts). */
export const MAP_VIEW_PARAM = 'at';

/** The reader's settings of the results, as the page URL holds them. */
export function useResultsSettings() {
  const [searchParams] = useSearchParams();
  const filterText = useMemo(() => {
    const out: Partial<Record<FilterParam, string>> = {};
    for (const name of FILTER_PARAMS) {
      const v = searchParams.get(name);
      if (v) out[name] = v;
    }
    return out;
  }, [searchParams]);
  // Keyed by value, so typing in the URL field does not re-filter or re-cluster.
  const filtersJson = JSON.stringify(parseFilters(searchParams));
  const filters = useMemo(() => JSON.parse(filtersJson) as Filters, [filtersJson]);
  const sortRaw = searchParams.get('sort');
  const order = useMemo(() => parseSort(sortRaw), [sortRaw]);
  const shapeRaw = searchParams.get('shape');
  const shape = useMemo(() => parseShape(shapeRaw), [shapeRaw]);
  const unit = parseAreaUnit(searchParams.get('unit'));
  const colorMode = parseColorMode(searchParams.get('color'));
  const atRaw = searchParams.get(MAP_VIEW_PARAM);
  const mapView = useMemo(() => parseMapView(atRaw), [atRaw]);
  return { filterText, filters, order, shape, unit, colorMode, mapView };
}

export type ResultsSettings = ReturnType<typeof useResultsSettings>;

/**
 * The selection: the listings that match the filters, within the drawn area if there is one,
 * and what the view shows of it. Everything below the filters (list, stats, map, colour scale,
 * exports) is of the selection. It follows the filters, the area and the colour mode from
 * deferred values, so their fields paint first (decision 059).
 */
export function useSelection(
  homes: readonly Home[],
  { filters, shape, order, colorMode, unit }: ResultsSettings,
) {
  const deferredFilters = useDeferredValue(filters);
  const deferredShape = useDeferredValue(shape);
  const matching = useMemo(() => applyFilters(homes, deferredFilters), [homes, deferredFilters]);
  const filtered = useMemo(
    () => (deferredShape ? homesInShape(matching, deferredShape) : matching),
    [matching, deferredShape],
  );
  const unplacedLeftOut = useMemo(
    () => (deferredShape ? matching.filter((h) => !h.position).length : 0),
    [matching, deferredShape],
  );
  const sorted = useMemo(() => sortHomes(filtered, order), [filtered, order]);
  const placed = useMemo(() => filtered.filter((h) => h.position), [filtered]);
  const unplaced = useMemo(() => filtered.filter((h) => !h.position), [filtered]);
  const stats = useMemo(() => priceStats(filtered), [filtered]);
  const medians = useMemo(() => selectionMedians(filtered), [filtered]);
  // The select shows the new mode in the change's own task; the map and its legend recolour
  // from the deferred mode in a later render, once the select has painted (decision 059).
  const shownColorMode = useDeferredValue(colorMode);
  // The colour scale is over the listings on the map, rebuilt when they or the mode change.
  const scale = useMemo(
    () => (shownColorMode === 'status' ? null : buildScale(placed, shownColorMode, unit)),
    [placed, shownColorMode, unit],
  );
  const quality = useMemo(() => dataQuality(filtered), [filtered]);
  const shownStatuses = useMemo(() => valueCounts(placed, (h) => h.status), [placed]);
  return {
    filtered,
    sorted,
    placed,
    unplaced,
    unplacedLeftOut,
    stats,
    medians,
    scale,
    quality,
    shownStatuses,
    /** What the medians are of, in the words of the drawer and the stats. */
    scope: deferredShape ? 'the area' : 'the listings shown',
  };
}

export type Selection = ReturnType<typeof useSelection>;
