import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RealtyListing } from '../../../api/schemas.ts';
import {
  applyFilters,
  FILTER_PARAMS,
  parseFilters,
  valueCounts,
  type FilterParam,
  type Filters,
} from '../lib/filters.ts';
import { homesOf } from '../lib/home.ts';
import { parseSort, sortHomes, sortParam, SORT_OPTIONS } from '../lib/sort.ts';
import { dataQuality, priceStats, selectionMedians } from '../lib/stats.ts';
import { parseAreaUnit } from '../lib/area.ts';
import { buildScale, parseColorMode } from '../lib/color-scale.ts';
import { homesInShape, parseShape, shapeParam, type Shape } from '../lib/shape.ts';
import type { DrawMode } from './area-layer.tsx';
import { AreaTools } from './area-tools.tsx';
import { AreaUnitSwitch } from './area-unit-switch.tsx';
import { ListingExportButtons } from './listing-export-buttons.tsx';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { FiltersBar } from './filters-bar.tsx';
import { ListingDrawer } from './listing-drawer.tsx';
import { ListingList } from './listing-list.tsx';
import { LazyListingMap } from './lazy-listing-map.tsx';
import { ListingStats, QualityStrip } from './listing-stats.tsx';
import { NotOnMap } from './not-on-map.tsx';
import { ColorLegend } from './color-legend.tsx';
import { CompareTray } from './compare-tray.tsx';
import { CutOffNote } from './cut-off-note.tsx';
import { cutOffTotal } from '../lib/cut-off.ts';
import { usePins } from '../lib/compare-pins.ts';
import { ColorModeSelect } from './color-mode-select.tsx';

export interface RealtyResultsProps {
  listings: readonly RealtyListing[];
  /** The listing-page URL these listings came from (for export file names). */
  pageUrl: string | undefined;
  /** The answer's `totalResultCount`, as sent: more than the listings means a cut-off page. */
  totalResultCount?: unknown;
}

/** Map, list, filters, stats and exports of one response; all read the same filtered listings. */
export function RealtyResults({ listings, pageUrl, totalResultCount }: RealtyResultsProps) {
  const homes = useMemo(() => homesOf(listings), [listings]);
  const placedAll = useMemo(() => homes.filter((h) => h.position), [homes]);
  const cutOff = cutOffTotal(totalResultCount, homes.length);
  const byKey = useMemo(() => new Map(homes.map((h) => [h.key, h])), [homes]);

  const [searchParams, setSearchParams] = useSearchParams();
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

  const deferredFilters = useDeferredValue(filters);
  const deferredShape = useDeferredValue(shape);
  const matching = useMemo(() => applyFilters(homes, deferredFilters), [homes, deferredFilters]);
  // The selection: the listings that match the filters, within the drawn area if there is one.
  // Everything below (list, stats, map, colour scale, exports) is of the selection.
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
  const unit = parseAreaUnit(searchParams.get('unit'));
  /** What the medians are of, in the words of the drawer and the stats. */
  const scope = deferredShape ? 'the area' : 'the listings shown';
  const colorMode = parseColorMode(searchParams.get('color'));
  // The select shows the new mode in the change's own task; the map and its legend recolour
  // from the deferred mode in a later render, once the select has painted (decision 059).
  const shownColorMode = useDeferredValue(colorMode);
  // The colour scale is over the listings on the map, rebuilt when they or the mode change.
  const scale = useMemo(
    () => (shownColorMode === 'status' ? null : buildScale(placed, shownColorMode, unit)),
    [placed, shownColorMode, unit],
  );
  const quality = useMemo(() => dataQuality(filtered), [filtered]);
  const homeTypes = useMemo(() => valueCounts(homes, (h) => h.homeType), [homes]);
  const statuses = useMemo(() => valueCounts(homes, (h) => h.status), [homes]);
  const shownStatuses = useMemo(() => valueCounts(placed, (h) => h.status), [placed]);

  const [hover, setHover] = useState<{ key: string; from: 'map' | 'list' } | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: string } | null>(null);
  const [reveal, setReveal] = useState<{ key: string } | null>(null);

  const setParam = useSetSearchParam();
  const pins = usePins();
  const [drawing, setDrawing] = useState<DrawMode | null>(null);
  const onDrawn = useCallback(
    (drawn: Shape | null) => {
      setDrawing(null);
      if (drawn) setParam('shape', shapeParam(drawn));
    },
    [setParam],
  );
  const area = useMemo(() => ({ shape, drawing, onDrawn }), [shape, drawing, onDrawn]);
  const clearParams = useCallback(
    (names: readonly string[]) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const name of names) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const clearFilters = useCallback(() => clearParams(FILTER_PARAMS), [clearParams]);

  const hoverFromMap = useCallback((key: string | null) => {
    setHover(key ? { key, from: 'map' } : null);
    if (key) setReveal({ key });
  }, []);
  const hoverFromList = useCallback(
    (key: string | null) => setHover(key ? { key, from: 'list' } : null),
    [],
  );
  const selectFromMap = useCallback((key: string) => {
    setSelectedKey(key);
    setReveal({ key });
  }, []);
  const selectFromList = useCallback((key: string) => {
    setSelectedKey(key);
    setFocus({ key });
  }, []);
  const selected = selectedKey ? byKey.get(selectedKey) : undefined;

  return (
    <section aria-label="Realty results" className="space-y-4">
      {cutOff !== undefined && <CutOffNote carried={homes.length} total={cutOff} />}
      <FiltersBar
        values={filterText}
        homeTypes={homeTypes}
        statuses={statuses}
        onChange={setParam}
        onClear={clearFilters}
      />
      <ListingStats
        shown={filtered.length}
        total={homes.length}
        stats={stats}
        medians={medians}
        unit={unit}
        scope={scope}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <QualityStrip quality={quality} />
        <ListingExportButtons homes={filtered} pageUrl={pageUrl} />
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <ColorModeSelect
              mode={colorMode}
              onChange={(m) => setParam('color', m === 'status' ? null : m)}
            />
          </div>
          <AreaTools
            shape={shape}
            drawing={drawing}
            onDraw={setDrawing}
            onClear={() => setParam('shape', null)}
            inside={filtered.length}
            unplaced={unplacedLeftOut}
          />
          <LazyListingMap
            homes={placed}
            fitTo={placedAll}
            scale={scale}
            area={area}
            hoveredKey={hover?.key ?? null}
            selectedKey={selectedKey}
            focus={focus}
            onHover={hoverFromMap}
            onSelect={selectFromMap}
          />
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {placed.length.toLocaleString('en-US')} on the map
            {unplaced.length > 0 &&
              ` · ${unplaced.length.toLocaleString('en-US')} not on the map (listed below)`}
          </p>
          <ColorLegend scale={scale} statuses={shownStatuses} />
        </div>
        <div className="space-y-2">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 className="font-semibold" aria-live="polite">
              {filtered.length.toLocaleString('en-US')} listing{filtered.length === 1 ? '' : 's'}
            </h2>
            <AreaUnitSwitch unit={unit} onChange={(u) => setParam('unit', u === 'm2' ? u : null)} />
            <label className="flex items-center gap-2 text-sm">
              Sort by
              <select
                className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
                value={`${order.field}-${order.dir}`}
                onChange={(e) => setParam('sort', sortParam(parseSort(e.target.value)))}
              >
                {SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {filtered.length > 0 ? (
            <ListingList
              homes={sorted}
              unit={unit}
              medians={medians}
              pinned={pins}
              selectedKey={selectedKey}
              hoveredKey={hover?.key ?? null}
              reveal={reveal}
              onHover={hoverFromList}
              onSelect={selectFromList}
            />
          ) : (
            <div
              role="status"
              className="rounded border border-slate-200 p-4 text-sm dark:border-slate-700"
            >
              <p>No listings match these filters{shape ? ' in this area' : ''}.</p>
              <button
                type="button"
                className="btn-secondary mt-2"
                onClick={() => clearParams(shape ? [...FILTER_PARAMS, 'shape'] : FILTER_PARAMS)}
              >
                {shape ? 'Clear filters and area' : 'Clear filters'}
              </button>
            </div>
          )}
        </div>
      </div>

      <CompareTray
        pins={pins}
        byKey={byKey}
        unit={unit}
        medians={medians}
        pageUrl={pageUrl}
        onOpen={setSelectedKey}
      />

      <NotOnMap homes={unplaced} onSelect={selectFromList} />

      {selected && (
        <ListingDrawer
          home={selected}
          unit={unit}
          medians={medians}
          scope={scope}
          onClose={() => setSelectedKey(null)}
        />
      )}
    </section>
  );
}
