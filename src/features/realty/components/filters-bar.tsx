import { useId } from 'react';
import { humanizeEnum, type FilterParam } from '../lib/filters.ts';
import { statusLabel } from '../lib/status.ts';

export interface FiltersBarProps {
  /** The raw text of each filter as it stands in the page URL. */
  values: Readonly<Partial<Record<FilterParam, string>>>;
  homeTypes: readonly { value: string; count: number }[];
  statuses: readonly { value: string; count: number }[];
  onChange: (name: FilterParam, value: string) => void;
  onClear: () => void;
}

const BEDS = ['1', '2', '3', '4', '5'];
const BATHS = ['1', '1.5', '2', '3', '4'];
const field =
  'w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900';

/** Filters for map, list, stats and exports at once; their state lives in the page URL. */
export function FiltersBar({ values, homeTypes, statuses, onChange, onClear }: FiltersBarProps) {
  const id = useId();
  const withCurrent = (options: readonly { value: string; count: number }[], current?: string) =>
    current && !options.some((o) => o.value === current)
      ? [...options, { value: current, count: 0 }]
      : options;
  const anySet = Object.values(values).some((v) => v);

  return (
    <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Filters</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7 lg:items-end">
        <div>
          <label htmlFor={`${id}-min`} className="block text-xs font-medium">
            Min price
          </label>
          <input
            id={`${id}-min`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Any"
            className={field}
            value={values.minPrice ?? ''}
            onChange={(e) => onChange('minPrice', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className="block text-xs font-medium">
            Max price
          </label>
          <input
            id={`${id}-max`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Any"
            className={field}
            value={values.maxPrice ?? ''}
            onChange={(e) => onChange('maxPrice', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-beds`} className="block text-xs font-medium">
            Min beds
          </label>
          <select
            id={`${id}-beds`}
            className={field}
            value={values.minBeds ?? ''}
            onChange={(e) => onChange('minBeds', e.target.value)}
          >
            <option value="">Any</option>
            {BEDS.map((b) => (
              <option key={b} value={b}>
                {b}+
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-baths`} className="block text-xs font-medium">
            Min baths
          </label>
          <select
            id={`${id}-baths`}
            className={field}
            value={values.minBaths ?? ''}
            onChange={(e) => onChange('minBaths', e.target.value)}
          >
            <option value="">Any</option>
            {BATHS.map((b) => (
              <option key={b} value={b}>
                {b}+
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-type`} className="block text-xs font-medium">
            Home type
          </label>
          <select
            id={`${id}-type`}
            className={field}
            value={values.homeType ?? ''}
            onChange={(e) => onChange('homeType', e.target.value)}
          >
            <option value="">Any</option>
            {withCurrent(homeTypes, values.homeType).map((o) => (
              <option key={o.value} value={o.value}>
                {humanizeEnum(o.value)} ({o.count})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="block text-xs font-medium">
            Status
          </label>
          <select
            id={`${id}-status`}
            className={field}
            value={values.status ?? ''}
            onChange={(e) => onChange('status', e.target.value)}
          >
            <option value="">Any</option>
            {withCurrent(statuses, values.status).map((o) => (
              <option key={o.value} value={o.value}>
                {statusLabel(o.value)} ({o.count})
              </option>
            ))}
          </select>
        </div>
        <div>
          <button
            type="button"
            className="btn-secondary w-full justify-center"
            onClick={onClear}
            disabled={!anySet}
          >
            Clear filters
          </button>
        </div>
      </div>
    </fieldset>
  );
}
