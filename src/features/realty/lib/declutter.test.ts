import { describe, expect, test } from 'vitest';
import { labelsWithRoom, type Label } from './declutter.ts';

/** A cluster at (x, y) with a 40 px bubble and a 50 × 14 label under it. */
const cluster = (x: number, y: number, weight: number): Label => ({
  marker: { left: x - 20, top: y - 20, right: x + 20, bottom: y + 20 },
  box: { left: x - 25, top: y + 22, right: x + 25, bottom: y + 36 },
  weight,
});

describe('cluster labels', () => {
  test('labels apart from each other are all shown', () => {
    expect(labelsWithRoom([cluster(0, 0, 3), cluster(200, 0, 5)])).toEqual([true, true]);
  });

  test('of two labels that would overlap, the bigger cluster keeps its own', () => {
    expect(labelsWithRoom([cluster(0, 0, 3), cluster(30, 4, 8)])).toEqual([false, true]);
  });

  test('a label that would cover another cluster’s bubble is not shown', () => {
    // The second bubble sits right under the first one's label.
    expect(labelsWithRoom([cluster(0, 0, 9), cluster(0, 45, 2)])).toEqual([false, true]);
  });
});
