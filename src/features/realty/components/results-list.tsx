import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import type { AreaUnit } from '../lib/area.ts';
import { parseSort, sortParam, SORT_OPTIONS, type SortOrder } from '../lib/sort.ts';
import { AreaUnitSwitch } from './area-unit-switch.tsx';
import { ListingList } from './listing-list.tsx';
import type { PointedListing } from './use-pointed-listing.ts';
import type { Selection } from './use-selection.ts';

export interface ResultsListProps {
  selection: Selection;
  unit: AreaUnit;
  order: SortOrder;
  pinned: readonly string[];
  pointing: PointedListing;
  /** Whether an area is drawn: with nothing selected, the note offers to clear it too. */
  inArea: boolean;
  /** Clears the filters, and the area if one is drawn. */
  onClearSelection: () => void;
}

/** The list side of the results: its count, the area unit, the order and the listings. */
export function ResultsList({
  selection,
  unit,
  order,
  pinned,
  pointing,
  inArea,
  onClearSelection,
}: ResultsListProps) {
  const { filtered, sorted, medians } = selection;
  const setParam = useSetSearchParam();
  return (
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
          pinned={pinned}
          selectedKey={pointing.selectedKey}
          hoveredKey={pointing.hoveredKey}
          reveal={pointing.reveal}
          onHover={pointing.hoverFromList}
          onSelect={pointing.selectFromList}
        />
      ) : (
        <div
          role="status"
          className="rounded border border-slate-200 p-4 text-sm dark:border-slate-700"
        >
          <p>No listings match these filters{inArea ? ' in this area' : ''}.</p>
          <button type="button" className="btn-secondary mt-2" onClick={onClearSelection}>
            {inArea ? 'Clear filters and area' : 'Clear filters'}
          </button>
        </div>
      )}
    </div>
  );
}
