import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs bench module without type declarations
import { steadyRuns } from './lighthouse-bench.mjs';

type Run = { index: number; indexSeen: number; performance: number };
const runs = steadyRuns as (
  once: () => Promise<Run>,
  options?: { enoughAlone?: (run: Run) => boolean },
) => Promise<Run[] & { unsteady: number }>;

/** A sequence of runs, each steady (Lighthouse saw the calibrated index) or drifted (+50 %). */
function sequence(...kinds: Array<['steady' | 'drifted', number]>) {
  let i = 0;
  const once = () => {
    const [kind, performance] = kinds[i++]!;
    return Promise.resolve({
      index: 1000,
      indexSeen: kind === 'steady' ? 1000 : 1500,
      performance,
    });
  };
  return { once, taken: () => i };
}
const settled = (run: Run) => run.performance >= 98 || run.performance <= 85;

describe('the Lighthouse runs a row is the median of (steadyRuns)', () => {
  it('takes three steady runs and drops the drifted ones', async () => {
    const s = sequence(['steady', 90], ['drifted', 60], ['steady', 92], ['steady', 91]);
    const kept = await runs(s.once, { enoughAlone: settled });
    expect(kept.map((r) => r.performance)).toEqual([90, 92, 91]);
    expect(kept.unsteady).toBe(1);
  });

  it('keeps one run when the first steady one settles the verdict, after drifted ones', async () => {
    const s = sequence(['drifted', 99], ['steady', 99], ['steady', 90]);
    const kept = await runs(s.once, { enoughAlone: settled });
    expect(kept.map((r) => r.performance)).toEqual([99]);
    expect(kept.unsteady).toBe(1);
    expect(s.taken()).toBe(2);
  });

  it('does not let a later steady run settle alone once a first steady one did not', async () => {
    const s = sequence(['steady', 93], ['steady', 99], ['steady', 94]);
    const kept = await runs(s.once, { enoughAlone: settled });
    expect(kept).toHaveLength(3);
  });
});
