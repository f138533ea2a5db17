import { describe, expect, test } from 'vitest';
import { runSize, runsToCompact } from './storage-budget.ts';
import { page, testRun, testTracker } from './test-runs.ts';

const tracker = testTracker(['a', 'b']);
const long = page(...Array.from({ length: 30 }, (_, i) => `site${i}.example`));
const runs = [3, 1, 2].map((t) => testRun(tracker, `r${t}`, t, [long, long]));

describe('runsToCompact', () => {
  test('within the budget nothing changes', () => {
    const total = runs.reduce((s, r) => s + runSize(r), 0);
    expect(runsToCompact(runs, total)).toEqual({ compacted: [], size: total });
  });

  test('past it the oldest runs keep their top N without titles, never the newest', () => {
    const { compacted, size } = runsToCompact(runs, 0, 10);
    expect(compacted.map((r) => r.id)).toEqual(['r1', 'r2']);
    const cell = Object.values(compacted[0]!.cells)[0]!;
    expect(cell.state === 'answered' && cell.results).toEqual(
      long.slice(0, 10).map(({ rank, link }) => ({ rank, link })),
    );
    expect(size).toBeLessThan(runs.reduce((s, r) => s + runSize(r), 0));
  });
});
