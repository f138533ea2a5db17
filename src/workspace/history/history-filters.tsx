import { ENDPOINT_LIST } from '../../api/endpoints.ts';
import type { HistoryFilters } from './filter-history.ts';

const field = 'flex flex-col gap-1 text-sm';
const input =
  'rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

type ChoiceName = 'endpoint' | 'status' | 'cost' | 'date';

/** The choices of each select: value, then what it says. */
const CHOICES: Record<ChoiceName, { label: string; options: [string, string][] }> = {
  endpoint: {
    label: 'View',
    options: [['any', 'All views'], ...ENDPOINT_LIST.map((s): [string, string] => [s.id, s.nav])],
  },
  status: {
    label: 'Status',
    options: [
      ['any', 'Any status'],
      ['ok', 'OK'],
      ['error', 'Failed'],
      ['cancelled', 'Cancelled'],
    ],
  },
  cost: {
    label: 'Cost',
    options: [
      ['any', 'Any cost'],
      ['paid', 'Spent credits'],
      ['free', '0 credits'],
      ['unknown', 'Unknown cost'],
    ],
  },
  date: {
    label: 'Date',
    options: [
      ['any', 'Any time'],
      ['hour', 'Last hour'],
      ['day', 'Last 24 hours'],
      ['week', 'Last 7 days'],
      ['month', 'Last 30 days'],
    ],
  },
};

/** Search and filters of the history page. */
export function HistoryFiltersForm({
  filters,
  onChange,
}: {
  filters: HistoryFilters;
  onChange: (next: HistoryFilters) => void;
}) {
  return (
    <form
      role="search"
      aria-label="Filter the history"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className={`${field} min-w-48 flex-1`}>
        Search parameters
        <input
          type="search"
          className={input}
          value={filters.text}
          placeholder="e.g. coffee de"
          onChange={(e) => onChange({ ...filters, text: e.target.value })}
        />
      </label>
      {(Object.keys(CHOICES) as ChoiceName[]).map((name) => (
        <label key={name} className={field}>
          {CHOICES[name].label}
          <select
            className={input}
            value={filters[name]}
            // The options are exactly the filter's values.
            onChange={(e) => onChange({ ...filters, [name]: e.target.value })}
          >
            {CHOICES[name].options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="flex items-center gap-2 pb-1 text-sm">
        <input
          type="checkbox"
          checked={filters.starredOnly}
          onChange={(e) => onChange({ ...filters, starredOnly: e.target.checked })}
        />
        Starred only
      </label>
    </form>
  );
}
