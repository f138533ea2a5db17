import { useId } from 'react';
import { humanizeEnum, type FilterParam } from '../lib/filters.ts';
import { statusLabel } from '../lib/status.ts';

type Counted = readonly { value: string; count: number }[];

export interface FiltersBarProps {
  /** The raw text of each filter as it stands in the page URL. */
  values: Readonly<Partial<Record<FilterParam, string>>>;
  homeTypes: Counted;
  statuses: Counted;
  onChange: (name: FilterParam, value: string) => void;
  onClear: () => void;
}

const at = (n: string) => ({ value: n, label: `${n}+` });
const BEDS = ['1', '2', '3', '4', '5'].map(at);
const BATHS = ['1', '1.5', '2', '3', '4'].map(at);
const field =
  'w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900';

/** A filter value from a link may name an option absent from these listings: keep it choosable. */
function counted(options: Counted, current: string | undefined, label: (v: string) => string) {
  const all =
    current && !options.some((o) => o.value === current)
      ? [...options, { value: current, count: 0 }]
      : options;
  return all.map((o) => ({ value: o.value, label: `${label(o.value)} (${o.count})` }));
}

interface FilterFieldProps {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
}

function PriceField({ id, label, value, onChange }: FilterFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Any"
        className={field}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function ChoiceField({
  id,
  label,
  value,
  onChange,
  options,
}: FilterFieldProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium">
        {label}
      </label>
      <select
        id={id}
        className={field}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Filters for map, list, stats and exports at once; their state lives in the page URL. */
export function FiltersBar({ values, homeTypes, statuses, onChange, onClear }: FiltersBarProps) {
  const id = useId();
  const bind = (name: FilterParam, label: string) => ({
    id: `${id}-${name}`,
    label,
    value: values[name],
    onChange: (v: string) => onChange(name, v),
  });
  const anySet = Object.values(values).some((v) => v);

  return (
    <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Filters</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7 lg:items-end">
        <PriceField {...bind('minPrice', 'Min price')} />
        <PriceField {...bind('maxPrice', 'Max price')} />
        <ChoiceField {...bind('minBeds', 'Min beds')} options={BEDS} />
        <ChoiceField {...bind('minBaths', 'Min baths')} options={BATHS} />
        <ChoiceField
          {...bind('homeType', 'Home type')}
          options={counted(homeTypes, values.homeType, humanizeEnum)}
        />
        <ChoiceField
          {...bind('status', 'Status')}
          options={counted(statuses, values.status, statusLabel)}
        />
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
