import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs bench module without type declarations
import { steadyRuns } from './lighthouse-bench.mjs';

type Run = { index: number; indexSeen: number; performance: number };
const runs = steadyRuns as (
  once: () => Promise<Run>,
  options?: { enoughAlone?: (run: Run) => boolean; meets?: (run: Run) => boolean[] },
) => Promise<Run[] & { unsteady: number; redone: string[]; slower: number }>;
const meets = (run: Run) => [run.performance >= 95];

/** Lighthouse's index per kind of run: the calibrated one, drifted +50 %, or slower (−40 %). */
const SEEN = { steady: 1000, drifted: 1500, slower: 600 };

/** A sequence of runs, each steady, drifted faster or drifted slower than the calibration. */
function sequence(...kinds: Array<[keyof typeof SEEN, number]>) {
  let i = 0;
  const once = () => {
    const [kind, performance] = kinds[i++]!;
    return Promise.resolve({ index: 1000, indexSeen: SEEN[kind], performance });
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

  it('stops at two runs that agree on the budget: a third cannot move the median across it', async () => {
    const s = sequence(['steady', 90], ['steady', 88], ['steady', 99]);
    const kept = await runs(s.once, { enoughAlone: settled, meets });
    expect(kept.map((r) => r.performance)).toEqual([90, 88]);
    expect(s.taken()).toBe(2);
  });

  it('takes the third run when the first two fall on either side of the budget', async () => {
    const s = sequence(['steady', 96], ['steady', 93], ['steady', 94]);
    const kept = await runs(s.once, { enoughAlone: settled, meets });
    expect(kept.map((r) => r.performance)).toEqual([96, 93, 94]);
  });

  it('counts only steady runs towards the agreeing two', async () => {
    const s = sequence(['steady', 90], ['drifted', 91], ['steady', 89]);
    const kept = await runs(s.once, { enoughAlone: settled, meets });
    expect(kept.map((r) => r.performance)).toEqual([90, 89]);
    expect(kept.unsteady).toBe(1);
  });

  it('ends a row at three runs that count with those that drifted slower and met', async () => {
    // Realty's 467 listings took six runs, fewer than three of them steady.
    const s = sequence(['slower', 99], ['slower', 97], ['steady', 96], ['slower', 99]);
    const kept = await runs(s.once, { enoughAlone: settled, meets });
    expect(kept.map((r) => r.performance)).toEqual([99, 97, 96]);
    expect(kept.slower).toBe(2);
    expect(kept.unsteady).toBe(0);
    expect(s.taken()).toBe(3);
  });

  it('redoes a run that drifted slower and missed: the machine may have missed it', async () => {
    const s = sequence(['slower', 90], ['steady', 96], ['steady', 97]);
    const kept = await runs(s.once, { enoughAlone: settled, meets });
    expect(kept.map((r) => r.performance)).toEqual([96, 97]);
    expect(kept.redone).toEqual(['drifted 0.60×']);
  });

  it('takes a run that drifted slower into a median of three only, never into one or two', async () => {
    const s = sequence(['slower', 99], ['steady', 96], ['steady', 93]);
    const kept = await runs(s.once, { enoughAlone: settled, meets });
    expect(kept.map((r) => r.performance)).toEqual([99, 96, 93]);
    expect(s.taken()).toBe(3);
    const agreeing = sequence(['slower', 99], ['steady', 96], ['steady', 97]);
    const two = await runs(agreeing.once, { enoughAlone: settled, meets });
    expect(two.map((r) => r.performance)).toEqual([96, 97]);
    expect(two.unsteady).toBe(1);
  });

  it('redoes a run whose shielded main thread waited for a CPU, not an unshielded one', async () => {
    const waited = [
      { index: 1000, indexSeen: 1000, performance: 90, waitShare: 0.2, waitCounts: true },
      { index: 1000, indexSeen: 1000, performance: 91, waitShare: 0.2, waitCounts: false },
      { index: 1000, indexSeen: 1000, performance: 92, waitShare: 0.01, waitCounts: true },
    ];
    let i = 0;
    const kept = await runs(() => Promise.resolve(waited[i++]!), { meets });
    expect(kept.map((r) => r.performance)).toEqual([91, 92]);
    expect(kept.unsteady).toBe(1);
  });
});

describe('an interaction measured by the Lighthouse part is not measured again', () => {
  it("takes the Lighthouse row's INP only when its runs decide the INP budget", async () => {
    // @ts-expect-error: a plain .mjs bench module without type declarations
    const { inpFromLighthouse } = await import('./interaction-bench.mjs');
    const take = inpFromLighthouse as (row?: { inps?: number[] }) => unknown;
    expect(take({ inps: [70] })).toEqual({ inpMs: 70, runs: 1 });
    expect(take({ inps: [150] })).toBeUndefined();
    expect(take({ inps: [150, 190] })).toEqual({ inpMs: 170, runs: 2 });
    expect(take({ inps: [150, 210] })).toBeUndefined();
    expect(take({ inps: [150, 210, 100] })).toEqual({ inpMs: 150, runs: 3 });
    expect(take(undefined)).toBeUndefined();
  });
});
