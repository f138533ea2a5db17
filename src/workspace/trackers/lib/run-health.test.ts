import { describe, expect, test } from 'vitest';
import { baselineRun, isBaseline } from './run.ts';
import { suspectReason } from './run-health.ts';
import { page, testRun, testTracker } from './test-runs.ts';
import { parseTrackers, serializeTrackers } from './tracker-file.ts';

const tracker = testTracker(['a', 'b', 'c', 'd', 'e']);
const full = (id: string, at: number) =>
  testRun(
    tracker,
    id,
    at,
    Array.from({ length: 5 }, () => page('example.com')),
  );

describe('run health', () => {
  test('a run with an unusual share of empty answers is suspect; a usual one is not', () => {
    const base = full('r1', 1);
    const empty = testRun(tracker, 'r2', 2, [
      page('example.com'),
      [],
      [],
      page('x.com'),
      page('y.com'),
    ]);
    expect(suspectReason(empty, base)).toBe(
      '40% of the cells asked came back empty or failed (the baseline had 0%)',
    );
    expect(suspectReason(full('r3', 3), base)).toBeNull();
    // As many empty answers as the baseline had is what this tracker usually gets.
    expect(
      suspectReason(
        testRun(tracker, 'r4', 4, [page('a.com'), [], [], page('b.com'), page('c.com')]),
        empty,
      ),
    ).toBeNull();
  });

  test('a suspect, missed, running or wholly failed run is never the baseline', () => {
    const good = full('r1', 1);
    const suspect = { ...full('r2', 2), suspect: 'why' };
    const failed = {
      ...full('r3', 3),
      cells: Object.fromEntries(
        Object.keys(good.cells).map((id) => [
          id,
          { state: 'failed' as const, charged: 'no' as const },
        ]),
      ),
    };
    const missed = { ...full('r4', 4), status: 'missed' as const, cells: {} };
    expect([suspect, failed, missed].some(isBaseline)).toBe(false);
    expect(baselineRun([good, suspect, failed, missed])?.id).toBe('r1');
  });

  test('the trackers file keeps a run’s suspect mark', () => {
    const run = { ...full('r1', 1), suspect: '40% empty' };
    const read = parseTrackers(serializeTrackers([{ tracker, runs: [run] }]));
    expect('entries' in read && read.entries[0]!.runs[0]!.suspect).toBe('40% empty');
  });
});
