import { describe, expect, test } from 'vitest';
import { compactionOrder, compactRun, runSize, type RunEntry } from './storage-budget.ts';
import { page, testRun, testTracker } from './test-runs.ts';

const tracker = testTracker(['a', 'b']);
const long = page(...Array.from({ length: 30 }, (_, i) => `site${i}.example`));
const runs = [3, 1, 2].map((t) => testRun(tracker, `r${t}`, t, [long, long]));
const entries: RunEntry[] = runs.map((r) => ({
  id: r.id,
  trackerId: r.trackerId,
  startedAt: r.startedAt,
  size: runSize(r),
}));

describe('the storage budget', () => {
  test('within the budget nothing is compacted', () => {
    const total = entries.reduce((s, e) => s + e.size, 0);
    expect(compactionOrder(entries, total, 'r3')).toEqual([]);
  });

  test('past it the oldest runs come first, never the newest nor one compacted already', () => {
    expect(compactionOrder(entries, 0, 'r3').map((e) => e.id)).toEqual(['r1', 'r2']);
    const done = entries.map((e) => (e.id === 'r1' ? { ...e, compactedTo: 10 } : e));
    expect(compactionOrder(done, 0, 'r3').map((e) => e.id)).toEqual(['r2']);
  });

  test('a compacted run keeps its top N results without titles, and is smaller', () => {
    const small = compactRun(runs[0]!, 10);
    const cell = Object.values(small.cells)[0]!;
    expect(cell.state === 'answered' && cell.results).toEqual(
      long.slice(0, 10).map(({ rank, link }) => ({ rank, link })),
    );
    expect(small.compactedTo).toBe(10);
    expect(runSize(small)).toBeLessThan(runSize(runs[0]!));
  });
});
