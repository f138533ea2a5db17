import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs bench module without type declarations
import { calibrationReason, multiplierForIndex } from './calibrate.mjs';

const multiplier = multiplierForIndex as (index: number) => number;
const reason = calibrationReason as (index: number, multiplier: number) => string;

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

  it('says why, against the default 4×', () => {
    expect(reason(808, 2.01)).toMatch(
      /index 808 .* 2\.01× \(Lighthouse's calculator\).*default 4× would emulate a phone 2\.0× slower/,
    );
    expect(reason(2000, 4.62)).toMatch(/index 2000 .* 4\.62× \(proportional above/);
  });
});
