import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { RealtyListing } from '../../../api/schemas.ts';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { usePins } from '../lib/compare-pins.ts';
import { cutOffTotal } from '../lib/cut-off.ts';
import { FILTER_PARAMS, valueCounts } from '../lib/filters.ts';
import { homesOf } from '../lib/home.ts';
import { CompareTray } from './compare-tray.tsx';
import { CutOffNote } from './cut-off-note.tsx';
import { FiltersBar } from './filters-bar.tsx';
import { ListingDrawer } from './listing-drawer.tsx';
import { ListingExportButtons } from './listing-export-buttons.tsx';
import { ListingStats, QualityStrip } from './listing-stats.tsx';
import { NotOnMap } from './not-on-map.tsx';
import { ResultsList } from './results-list.tsx';
import { ResultsMap } from './results-map.tsx';
import { usePointedListing } from './use-pointed-listing.ts';
import { useResultsSettings, useSelection } from './use-selection.ts';

export interface RealtyResultsProps {
  listings: readonly RealtyListing[];
  /** The listing-page URL these listings came from (for export file names). */
  pageUrl: string | undefined;
  /** The answer's `totalResultCount`, as sent: more than the listings means a cut-off page. */
  totalResultCount?: unknown;
}

/** Removes some page-URL parameters at once (one history entry replaced). */
function useClearParams() {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
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
}

/** Map, list, filters, stats and exports of one response; all read the same filtered listings. */
export function RealtyResults({ listings, pageUrl, totalResultCount }: RealtyResultsProps) {
  const homes = useMemo(() => homesOf(listings), [listings]);
  const placedAll = useMemo(() => homes.filter((h) => h.position), [homes]);
  const cutOff = cutOffTotal(totalResultCount, homes.length);
  const byKey = useMemo(() => new Map(homes.map((h) => [h.key, h])), [homes]);
  const homeTypes = useMemo(() => valueCounts(homes, (h) => h.homeType), [homes]);
  const statuses = useMemo(() => valueCounts(homes, (h) => h.status), [homes]);

  const settings = useResultsSettings();
  const { filterText, shape, unit, order, colorMode, mapView } = settings;
  const selection = useSelection(homes, settings);
  const { filtered, stats, medians, quality, unplaced, scope } = selection;
  const pointing = usePointedListing();
  const selected = pointing.selectedKey ? byKey.get(pointing.selectedKey) : undefined;
  const setParam = useSetSearchParam();
  const pins = usePins();
  const clearParams = useClearParams();
  const clearFilters = useCallback(() => clearParams(FILTER_PARAMS), [clearParams]);

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
      <div
        className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
        data-testid="realty-map-and-list"
      >
        <ResultsMap
          selection={selection}
          fitTo={placedAll}
          shape={shape}
          colorMode={colorMode}
          mapView={mapView}
          pointing={pointing}
        />
        <ResultsList
          selection={selection}
          unit={unit}
          order={order}
          pinned={pins}
          pointing={pointing}
          inArea={shape !== null}
          onClearSelection={() => clearParams(shape ? [...FILTER_PARAMS, 'shape'] : FILTER_PARAMS)}
        />
      </div>

      {/* The figures follow the map and the list: above them they put the map below the fold
          of a 1280 × 800 screen (issue 40.5). */}
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

      <CompareTray
        pins={pins}
        byKey={byKey}
        unit={unit}
        medians={medians}
        pageUrl={pageUrl}
        onOpen={pointing.setSelectedKey}
      />

      <NotOnMap homes={unplaced} onSelect={pointing.selectFromList} />

      {selected && (
        <ListingDrawer
          home={selected}
          unit={unit}
          medians={medians}
          scope={scope}
          onClose={() => pointing.setSelectedKey(null)}
        />
      )}
    </section>
  );
}
