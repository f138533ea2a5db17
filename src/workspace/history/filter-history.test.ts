import { describe, expect, test } from 'vitest';
import type { HistoryEntry } from './history-store.ts';
import { filterHistory, NO_FILTERS } from './filter-history.ts';

const NOW = Date.UTC(2026, 10, 23, 12);
const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: Math.random().toString(36),
  endpoint: 'search',
  params: { query: 'tea' },
  at: NOW - 1000,
  durationMs: 300,
  status: 'ok',
  credits: 20,
  results: 10,
  starred: false,
  ...over,
});

describe('filterHistory', () => {
  const tea = entry({ params: { query: 'green tea', country: 'de' } });
  const coffee = entry({ params: { query: 'coffee' }, status: 'error', credits: 0 });
  const shot = entry({
    endpoint: 'screenshot',
    params: { url: 'https://example.com' },
    credits: 5,
    at: NOW - 3 * 86_400_000,
  });
  const suggest = entry({
    endpoint: 'autocomplete',
    params: { q: 'tea' },
    credits: null,
    starred: true,
  });
  const all = [tea, coffee, shot, suggest];

  test('every typed word must appear in the parameters or the view name', () => {
    expect(filterHistory(all, { ...NO_FILTERS, text: 'tea de' })).toEqual([tea]);
    expect(filterHistory(all, { ...NO_FILTERS, text: 'screenshot example' })).toEqual([shot]);
  });

  test('view, status, cost, date and star filters narrow the list', () => {
    expect(filterHistory(all, { ...NO_FILTERS, endpoint: 'autocomplete' })).toEqual([suggest]);
    expect(filterHistory(all, { ...NO_FILTERS, status: 'error' })).toEqual([coffee]);
    expect(filterHistory(all, { ...NO_FILTERS, cost: 'free' })).toEqual([coffee]);
    expect(filterHistory(all, { ...NO_FILTERS, cost: 'unknown' })).toEqual([suggest]);
    expect(filterHistory(all, { ...NO_FILTERS, cost: 'paid' })).toEqual([tea, shot]);
    expect(filterHistory(all, { ...NO_FILTERS, date: 'day' }, NOW)).toEqual([tea, coffee, suggest]);
    expect(filterHistory(all, { ...NO_FILTERS, starredOnly: true })).toEqual([suggest]);
  });
});
