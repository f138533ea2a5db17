import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { missedRun, type TrackerRun } from './run.ts';
import { parseTrackers, serializeTrackers } from './tracker-file.ts';
import { testRun, testTracker } from './test-runs.ts';
import { CADENCES } from './tracker.ts';

// Whatever the trackers file's writer writes, its reader reads back as it was (decision 066).

const query = fc
  .string({ minLength: 1, maxLength: 30 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);

const tracker = fc
  .record({
    queries: fc.uniqueArray(query, { minLength: 1, maxLength: 4 }),
    name: fc.string(),
    cadence: fc.constantFrom(...CADENCES),
    anchor: fc.option(fc.nat(), { nil: null }),
    monthlyCap: fc.option(fc.nat(), { nil: null }),
    topN: fc.integer({ min: 1, max: 100 }),
    moveBy: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
    leavesTop10: fc.boolean(),
  })
  .map(({ queries, name, moveBy, leavesTop10, ...settings }) => ({
    ...testTracker(queries),
    name,
    ...settings,
    alerts: { moveBy, leavesTop10, competitorOvertakes: !leavesTop10 },
  }));

const results = fc.array(
  fc.record({ rank: fc.integer({ min: 1, max: 100 }), link: fc.webUrl(), title: fc.string() }),
  { maxLength: 5 },
);

describe('the trackers file', () => {
  test('reads back every tracker and run as written', () => {
    fc.assert(
      fc.property(
        tracker,
        fc.array(fc.option(results, { nil: null }), { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 1e12 }),
        (t, lists, startedAt) => {
          const runs: TrackerRun[] = [
            testRun(t, 'r1', startedAt, lists),
            missedRun(t.id, startedAt + 1, 'monthly-cap'),
          ];
          expect(parseTrackers(serializeTrackers([{ tracker: t, runs }]))).toEqual({
            entries: [{ tracker: t, runs }],
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
