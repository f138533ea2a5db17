import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import type { HistoryEntry, HistoryStatus } from './history-store.ts';

export type CostFilter = 'any' | 'paid' | 'free' | 'unknown';
export type DateFilter = 'any' | 'hour' | 'day' | 'week' | 'month';

export interface HistoryFilters {
  text: string;
  endpoint: EndpointId | 'any';
  status: HistoryStatus | 'any';
  cost: CostFilter;
  date: DateFilter;
  starredOnly: boolean;
}

export const NO_FILTERS: HistoryFilters = {
  text: '',
  endpoint: 'any',
  status: 'any',
  cost: 'any',
  date: 'any',
  starredOnly: false,
};

const DATE_SPAN_MS: Record<Exclude<DateFilter, 'any'>, number> = {
  hour: 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
};

/** Everything a person might type to find an entry: the view's names and each parameter. */
const searchableText = (entry: HistoryEntry) => {
  const spec = ENDPOINTS[entry.endpoint as EndpointId];
  return [
    spec?.title,
    spec?.nav,
    ...Object.entries(entry.params).map(([k, v]) => `${k}=${v} ${v}`),
    entry.error,
  ]
    .join(' ')
    .toLowerCase();
};

const costMatches = (credits: number | null, cost: CostFilter) =>
  cost === 'any' ||
  (cost === 'paid' && credits !== null && credits > 0) ||
  (cost === 'free' && credits === 0) ||
  (cost === 'unknown' && credits === null);

/** The entries that pass every filter; the text matches when every word is found. */
export function filterHistory(
  entries: readonly HistoryEntry[],
  filters: HistoryFilters,
  now = Date.now(),
): HistoryEntry[] {
  const words = filters.text.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(
    (e) =>
      (filters.endpoint === 'any' || e.endpoint === filters.endpoint) &&
      (filters.status === 'any' || e.status === filters.status) &&
      costMatches(e.credits, filters.cost) &&
      (filters.date === 'any' || now - e.at <= DATE_SPAN_MS[filters.date]) &&
      (!filters.starredOnly || e.starred) &&
      (words.length === 0 || words.every((w) => searchableText(e).includes(w))),
  );
}
