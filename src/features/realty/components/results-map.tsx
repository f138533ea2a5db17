import { useCallback, useMemo, useState } from 'react';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { useShowOnReturn } from '../../../workspace/request/shown-result.ts';
import type { ColorMode } from '../lib/color-scale.ts';
import type { Home } from '../lib/home.ts';
import { mapViewParam, type MapView } from '../lib/map-view.ts';
import { shapeParam, type Shape } from '../lib/shape.ts';
import type { DrawMode } from './area-layer.tsx';
import { AreaTools } from './area-tools.tsx';
import { ColorLegend } from './color-legend.tsx';
import { ColorModeSelect } from './color-mode-select.tsx';
import { LazyListingMap } from './lazy-listing-map.tsx';
import { MAP_VIEW_PARAM, type Selection } from './use-selection.ts';
import type { PointedListing } from './use-pointed-listing.ts';

export interface ResultsMapProps {
  selection: Selection;
  /** Every listing with a position: the map opens on all of them, whatever is selected. */
  fitTo: readonly Home[];
  shape: Shape | null;
  colorMode: ColorMode;
  /** Where the reader left the map (the page URL's `at`): it opens there, not around all. */
  mapView: MapView | null;
  pointing: PointedListing;
}

/**
 * The map side of the results: the colour mode, the area tools (drawing an area puts it in the
 * page URL), the selection's listings on the map and its legend.
 */
export function ResultsMap({
  selection,
  fitTo,
  shape,
  colorMode,
  mapView,
  pointing,
}: ResultsMapProps) {
  const { filtered, placed, unplaced, unplacedLeftOut, scale, shownStatuses } = selection;
  const setParam = useSetSearchParam();
  const setParamLater = useSetSearchParam({ afterPaint: true });
  const [drawing, setDrawing] = useState<DrawMode | null>(null);
  const onDrawn = useCallback(
    (drawn: Shape | null) => {
      setDrawing(null);
      if (drawn) setParam('shape', shapeParam(drawn));
    },
    [setParam],
  );
  const area = useMemo(() => ({ shape, drawing, onDrawn }), [shape, drawing, onDrawn]);
  // The map reads `at` when it opens; a return to a URL that names one (a demo's next step of
  // this view, Back/Forward) moves it there.
  const [goTo, setGoTo] = useState<{ view: MapView } | null>(null);
  useShowOnReturn(true, () => setGoTo(mapView && { view: mapView }));
  const onMoved = useCallback(
    (view: MapView) => setParam(MAP_VIEW_PARAM, mapViewParam(view)),
    [setParam],
  );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <ColorModeSelect
          mode={colorMode}
          onChange={(m) => setParamLater('color', m === 'status' ? null : m)}
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
        fitTo={fitTo}
        scale={scale}
        area={area}
        hoveredKey={pointing.hoveredKey}
        selectedKey={pointing.selectedKey}
        focus={pointing.focus}
        view={mapView}
        goTo={goTo}
        onMoved={onMoved}
        onHover={pointing.hoverFromMap}
        onSelect={pointing.selectFromMap}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {placed.length.toLocaleString('en-US')} on the map
        {unplaced.length > 0 &&
          ` · ${unplaced.length.toLocaleString('en-US')} not on the map (listed below)`}
      </p>
      <ColorLegend scale={scale} statuses={shownStatuses} />
    </div>
  );
}
