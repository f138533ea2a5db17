import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PERIOD_MS, runCap, scheduleAt, spentThisMonth } from './schedule.ts';

const DAY = PERIOD_MS.daily;
const anchor = Date.UTC(2026, 10, 1, 9, 30);

describe('scheduleAt', () => {
  test('nothing is due without a cadence or before the first run', () => {
    expect(scheduleAt('off', anchor, [anchor], anchor + 5 * DAY).due).toBeNull();
    expect(scheduleAt('daily', null, [], anchor).due).toBeNull();
  });

  test('the next slot is due during its whole period, at its anchored time', () => {
    const late = anchor + DAY + 20 * 3600_000; // 20 hours after slot 1
    expect(scheduleAt('daily', anchor, [anchor], late)).toEqual({
      due: anchor + DAY,
      missed: [],
      next: anchor + 2 * DAY,
    });
    // Run late, the slot after it is still at 09:30: the schedule does not drift.
    expect(scheduleAt('daily', anchor, [anchor, anchor + DAY], late + 3600_000)).toEqual({
      due: null,
      missed: [],
      next: anchor + 2 * DAY,
    });
  });

  test('slots whose period passed with no tab open are missed, once', () => {
    const now = anchor + 3 * DAY + 1000;
    const state = scheduleAt('daily', anchor, [anchor], now);
    expect(state.missed).toEqual([anchor + DAY, anchor + 2 * DAY]);
    expect(state.due).toBe(anchor + 3 * DAY);
    expect(scheduleAt('daily', anchor, [anchor, ...state.missed], now).missed).toEqual([]);
  });

  test('property: due and missed slots are always anchor + k periods, never covered, never in the future', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('daily' as const, 'weekly' as const),
        fc.integer({ min: 0, max: 60 * DAY }),
        fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 8 }),
        (cadence, after, coveredK) => {
          const period = PERIOD_MS[cadence];
          const covered = [anchor, ...coveredK.map((k) => anchor + k * period)];
          const now = anchor + after;
          const { due, missed, next } = scheduleAt(cadence, anchor, covered, now);
          for (const slot of [...missed, ...(due === null ? [] : [due])]) {
            expect((slot - anchor) % period).toBe(0);
            expect(slot).toBeLessThanOrEqual(now);
            expect(covered).not.toContain(slot);
          }
          expect(next! > now && next! - now <= period).toBe(true);
        },
      ),
    );
  });
});

describe('caps', () => {
  test('a run gets the smaller of its cap and what the month leaves', () => {
    expect(runCap(100, null, 0)).toBe(100);
    expect(runCap(100, 1000, 950)).toBe(50);
    expect(runCap(null, 1000, 1200)).toBe(0);
    expect(runCap(null, null, 5)).toBeNull();
  });

  test('the month is the calendar month of the run', () => {
    const runs = [
      { startedAt: Date.UTC(2026, 9, 31), credits: 100 },
      { startedAt: Date.UTC(2026, 10, 1), credits: 40 },
      { startedAt: Date.UTC(2026, 10, 20), credits: 60 },
    ];
    expect(spentThisMonth(runs, Date.UTC(2026, 10, 25))).toBe(100);
  });
});
