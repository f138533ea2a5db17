import { describe, expect, it } from 'vitest';
import {
  blendedMultiplier,
  calibrationReason,
  multiplierForIndex,
  multiplierForRendering,
  REFERENCE_RENDER_MS as referenceRenderMs,
  // @ts-expect-error: a plain .mjs bench module without type declarations
} from './calibrate.mjs';

type Halves = {
  index: number;
  scriptMultiplier: number;
  renderMs: number;
  renderMultiplier: number;
  multiplier: number;
};
const REFERENCE_RENDER_MS = referenceRenderMs as number;
const multiplier = multiplierForIndex as (index: number) => number;
const forRendering = multiplierForRendering as (ms: number) => number;
const blended = blendedMultiplier as (script: number, render: number) => number;
const reason = calibrationReason as (halves: Halves) => string;

describe('the CPU slowdown chosen from Lighthouse’s benchmark index (decision 085)', () => {
  it('follows Lighthouse’s calculator at its anchor points up to 1,300', () => {
    expect(multiplier(150)).toBe(1);
    expect(multiplier(800)).toBe(2);
    expect(multiplier(1300)).toBe(3);
  });

  it('above 1,300 slows in proportion to the index, not the calculator’s +1× per 233 (098)', () => {
    // The same emulated index at 1,300 and at 2,000: 1300 / 3 === 2000 / multiplier(2000).
    expect(2000 / multiplier(2000)).toBeCloseTo(1300 / 3, 6);
    expect(multiplier(2000)).toBeCloseTo(4.62, 2);
    expect(multiplier(2000)).toBeLessThan(6);
  });

  it('never speeds a machine up: at or below the reference phone, no throttling', () => {
    expect(multiplier(90)).toBe(1);
    expect(multiplier(Number.NaN)).toBe(1);
  });

  it('rises with the index, so a faster machine is slowed more', () => {
    const indexes = [200, 500, 799, 801, 1299, 1301, 1800, 2500];
    const ms = indexes.map(multiplier);
    for (let i = 1; i < ms.length; i++) expect(ms[i]).toBeGreaterThan(ms[i - 1]!);
  });

  it('says why, for each half, against the default 4×', () => {
    const halves = { index: 2500, scriptMultiplier: 5.77, renderMs: 50, renderMultiplier: 2 };
    expect(reason({ ...halves, multiplier: 2.97 })).toMatch(
      /script: index 2500 \(desktop class\) → 5\.77× \(proportional above.*rendering: 50\.0 ms against the reference's \d+ ms → 2\.00×; both halves → 2\.97×.*default 4× would emulate a phone 1\.3× slower/,
    );
    expect(reason({ ...halves, index: 808, scriptMultiplier: 2.02, multiplier: 2.01 })).toMatch(
      /index 808 .* 2\.02× \(Lighthouse's calculator\)/,
    );
  });
});

describe('the rendering half and the blend of the two (decision 116)', () => {
  it('slows rendering in proportion to the workload’s time, never below 1×', () => {
    expect(forRendering(REFERENCE_RENDER_MS / 2)).toBeCloseTo(2, 6);
    expect(forRendering(REFERENCE_RENDER_MS * 3)).toBe(1);
    expect(forRendering(0)).toBe(1);
  });

  it('makes the two halves together take as long as on the reference', () => {
    // Each half takes 1 unit on the reference; on this machine 1/s and 1/r: throttled by the
    // blend they take 2 units together.
    const [s, r] = [5.8, 2.1];
    expect((1 / s + 1 / r) * blended(s, r)).toBeCloseTo(2, 6);
    expect(blended(3, 3)).toBe(3);
  });

  it('lies between the halves, nearer the smaller', () => {
    const m = blended(6, 2);
    expect(m).toBeGreaterThan(2);
    expect(m).toBeLessThan(4);
  });
});
