import { expect, test } from 'vitest';
import { clearResults } from '../../session/results-cleared.ts';
import { keepAhead, takeFirstScreen, takeList, takeMovers } from './read-ahead.ts';
import type { RunSummary, TrackerList } from './tracker-storage.ts';

const list = (): Promise<TrackerList> => Promise.resolve([[], new Map<string, RunSummary>(), []]);
const movers = () => Promise.resolve({ runs: [], older: 3 });

test("the first reading takes what was read ahead once, and only the opened tracker's movers", () => {
  const read = list();
  const latest = movers();
  void keepAhead('trk', read, latest);
  expect(takeMovers('other')).toBeNull();
  expect(takeMovers('trk')).toBe(latest);
  expect(takeMovers('trk')).toBeNull();
  expect(takeList()).toBe(read);
  expect(takeList()).toBeNull();
});

test('nothing read ahead is shown after a key was cleared: the tracker may be gone', () => {
  void keepAhead('trk', list(), movers());
  clearResults();
  expect(takeList()).toBeNull();
  expect(takeMovers('trk')).toBeNull();
});

test('once both reads are in, the session takes them whole, once; not after either was taken', async () => {
  const read = list();
  const latest = movers();
  const inNow = keepAhead('trk', read, latest);
  expect(takeFirstScreen()).toBeNull();
  await inNow;
  expect(takeFirstScreen()).toEqual({ trackerId: 'trk', list: await read, movers: await latest });
  expect(takeFirstScreen()).toBeNull();
  expect(takeList()).toBeNull();

  await keepAhead('trk', list(), movers());
  void takeList();
  expect(takeFirstScreen()).toBeNull();
});
