import { describe, expect, test } from 'vitest';
import { axisOf, positionHistory } from './history.ts';
import { missedRun } from './run.ts';
import { trackerMatrix } from './tracker.ts';
import { page, testRun, testTracker } from './test-runs.ts';

const tracker = testTracker(['a']);
const cell = trackerMatrix(tracker).cells[0]!;

describe('positionHistory', () => {
  test('ranks, gaps, markers, the best ever, URL changes; missed runs left out', () => {
    const runs = [
      testRun(tracker, 'r1', 1, [page('x', 'y', 'z', 'example.com')]), // #4
      testRun(tracker, 'r2', 2, [null]),
      missedRun(tracker.id, 3, 'no-tab'),
      testRun(tracker, 'r3', 4, [page('x')]),
      testRun(tracker, 'r4', 5, [[{ rank: 2, link: 'https://example.com/other', title: '' }]]),
    ];
    const history = positionHistory(runs, cell.id, 'example.com');
    expect(
      history.points.map((p) => [p.kind, p.kind === 'ranked' ? [p.rank, p.urlChanged] : null]),
    ).toEqual([
      ['ranked', [4, false]],
      ['not-checked', null],
      ['not-in-results', null],
      ['ranked', [2, true]],
    ]);
    expect(history.best?.rank).toBe(2);
    expect(history.axis).toEqual({ top: 1, bottom: 5 });
  });

  test('the axis is scaled to the data, best on top', () => {
    expect(axisOf([41, 47, 44])).toEqual({ top: 40, bottom: 48 });
    expect(axisOf([])).toEqual({ top: 1, bottom: 10 });
  });
});
