import { describe, expect, test } from 'vitest';
import { evaluateAlerts } from './alerts.ts';
import type { TrackerRun } from './run.ts';
import { trackerMatrix } from './tracker.ts';
import { page, testRun, testTracker } from './test-runs.ts';

const tracker = testTracker(['a', 'b', 'c']);
const cells = trackerMatrix(tracker).cells;
const rules = { moveBy: 3, leavesTop10: true, competitorOvertakes: true };
/** Two runs of the tracker, compared for example.com, with no competitor. */
const between = (previous: TrackerRun, current: TrackerRun) => ({
  trackerId: tracker.id,
  cells,
  previous,
  current,
  target: 'example.com',
  competitors: [],
});

describe('evaluateAlerts', () => {
  test('raises a move by N, an exit from the top 10 and a competitor overtaking', () => {
    const eleven = Array.from({ length: 10 }, (_, i) => `s${i}.com`);
    const previous = testRun(tracker, 'r1', 0, [
      page('x', 'y', 'z', 'w', 'example.com'), // #5
      page('example.com'), // #1
      page('example.com', 'rival.com'),
    ]);
    const current = testRun(tracker, 'r2', 1, [
      page('x', 'example.com'), // #2: up 3
      page(...eleven, 'example.com'), // #11: left the top 10 (and down 10)
      page('rival.com', 'example.com'), // overtaken
    ]);
    const alerts = evaluateAlerts({
      trackerId: tracker.id,
      rules,
      cells,
      previous,
      current,
      target: 'example.com',
      competitors: ['rival.com'],
    });
    expect(alerts.map((a) => [a.kind, a.text])).toEqual([
      ['moved', '“a” (US · en): up 3 (#5 → #2)'],
      ['moved', '“b” (US · en): down 10 (#1 → #11)'],
      ['left-top-10', '“b” (US · en): left the top 10 (#1 → #11)'],
      ['overtaken', '“c” (US · en): rival.com overtook it (#1 vs #2)'],
    ]);
  });

  test('a cell without an answer in either run raises nothing', () => {
    const previous = testRun(tracker, 'r1', 0, [page('example.com')]);
    const current = testRun(tracker, 'r2', 1, [null]);
    expect(
      evaluateAlerts({
        trackerId: 't',
        rules,
        cells,
        previous,
        current,
        target: 'example.com',
        competitors: [],
      }),
    ).toEqual([]);
  });

  test('with the top-3 rule, entering and leaving the top 3 raise their own alerts; without it, nothing', () => {
    const previous = testRun(tracker, 'r1', 0, [
      page('x', 'y', 'z', 'example.com'), // #4
      page('example.com'), // #1
      page('x', 'example.com'), // #2
    ]);
    const current = testRun(tracker, 'r2', 1, [
      page('x', 'y', 'example.com'), // #3: entered
      page('x', 'y', 'z', 'example.com'), // #4: left
      page('example.com'), // #1: still in
    ]);
    const input = between(previous, current);
    const quiet = { moveBy: null, leavesTop10: true, competitorOvertakes: false };
    expect(evaluateAlerts({ ...input, rules: quiet })).toEqual([]);
    expect(
      evaluateAlerts({ ...input, rules: { ...quiet, top3: true } }).map((a) => [a.kind, a.text]),
    ).toEqual([
      ['entered-top-3', '“a” (US · en): entered the top 3 (#4 → #3)'],
      ['left-top-3', '“b” (US · en): left the top 3 (#1 → #4)'],
    ]);
  });

  test('entering and leaving the top 10 are two rules: each raises only its own crossing, beside the top-3 rule', () => {
    const ten = (n: number) => Array.from({ length: n }, (_, i) => `s${i}.com`);
    const previous = testRun(tracker, 'r1', 0, [
      page(...ten(11), 'example.com'), // #12
      page(...ten(9), 'example.com'), // #10
      page('x', 'y', 'z', 'example.com'), // #4
    ]);
    const current = testRun(tracker, 'r2', 1, [
      page(...ten(6), 'example.com'), // #7: entered the top 10
      page(...ten(10)), // not in the results: left the top 10
      page('x', 'example.com'), // #2: entered the top 3, no top-10 crossing
    ]);
    const input = between(previous, current);
    const none = { moveBy: null, leavesTop10: false, competitorOvertakes: false };
    const kinds = (r: Partial<typeof none> & { entersTop10?: boolean; top3?: boolean }) =>
      evaluateAlerts({ ...input, rules: { ...none, ...r } }).map((a) => [a.kind, a.text]);
    expect(kinds({})).toEqual([]);
    expect(kinds({ entersTop10: true })).toEqual([
      ['entered-top-10', '“a” (US · en): entered the top 10 (#12 → #7)'],
    ]);
    expect(kinds({ leavesTop10: true })).toEqual([
      ['left-top-10', '“b” (US · en): left the top 10 (#10 → not in the results)'],
    ]);
    expect(kinds({ entersTop10: true, leavesTop10: true, top3: true })).toEqual([
      ['entered-top-10', '“a” (US · en): entered the top 10 (#12 → #7)'],
      ['left-top-10', '“b” (US · en): left the top 10 (#10 → not in the results)'],
      ['entered-top-3', '“c” (US · en): entered the top 3 (#4 → #2)'],
    ]);
  });
});
