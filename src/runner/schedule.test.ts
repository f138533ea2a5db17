import { describe, expect, test } from 'vitest';
import { testTracker } from '../workspace/trackers/lib/test-runs.ts';
import { cronOf, decideSlots, nextSlot, slotsBetween } from './schedule.ts';

const H = 60 * 60 * 1000;

describe('runner schedules', () => {
  test('a cron expression runs in its time zone, across a change of summer time', () => {
    // 06:00 in Berlin: 04:00 UTC in summer, 05:00 UTC in winter.
    expect(nextSlot('0 6 * * *', 'Europe/Berlin', Date.UTC(2026, 6, 1))).toBe(
      Date.UTC(2026, 6, 1, 4),
    );
    expect(
      slotsBetween('0 6 * * *', 'Europe/Berlin', Date.UTC(2026, 9, 24), Date.UTC(2026, 9, 27)),
    ).toEqual([Date.UTC(2026, 9, 24, 4), Date.UTC(2026, 9, 25, 5), Date.UTC(2026, 9, 26, 5)]);
  });

  test("the dashboard's daily and weekly cadences keep the first run's time of day (UTC)", () => {
    const anchor = Date.UTC(2026, 10, 26, 9, 30, 15); // a Thursday
    const daily = cronOf({ ...testTracker(), cadence: 'daily', anchor }, { cron: null })!;
    expect(nextSlot(daily.expr, daily.timeZone!, anchor)).toBe(anchor + 24 * H);
    const weekly = cronOf({ ...testTracker(), cadence: 'weekly', anchor }, { cron: null })!;
    expect(nextSlot(weekly.expr, weekly.timeZone!, anchor)).toBe(anchor + 7 * 24 * H);
    expect(cronOf({ ...testTracker(), cadence: 'off', anchor }, { cron: null })).toBeNull();
  });

  test('late slots are missed; one catch-up runs only by choice', () => {
    const slots = [0, 24 * H, 48 * H];
    const now = 48 * H + 5 * 60_000;
    expect(decideSlots(slots, now, 15 * 60_000, false)).toEqual({
      run: 48 * H,
      catchUp: false,
      missed: [0, 24 * H],
    });
    expect(decideSlots(slots, now + 2 * H, 15 * 60_000, false)).toEqual({
      run: null,
      catchUp: false,
      missed: slots,
    });
    expect(decideSlots(slots, now + 2 * H, 15 * 60_000, true)).toEqual({
      run: 48 * H,
      catchUp: true,
      missed: [0, 24 * H],
    });
  });
});
