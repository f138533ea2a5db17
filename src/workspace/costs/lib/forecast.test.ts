import { describe, expect, test } from 'vitest';
import { forecast, scheduleOutlook, spendingRate, type PlannedSchedule } from './forecast.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 26, 12);
const reading = (hoursAgo: number, requestUsed: number, requestLimit = 100_000) => ({
  at: now - hoursAgo * HOUR,
  requestUsed,
  requestLimit,
});
const tracker = (init: Partial<PlannedSchedule> = {}): PlannedSchedule => ({
  name: 'Coffee',
  cadenceMs: DAY,
  nextRun: now + HOUR,
  runCost: 400,
  requestCost: 20,
  capPerRun: null,
  monthlyCap: null,
  spentThisMonth: 0,
  ...init,
});

describe('no forecast from too little data, and it says how much is needed', () => {
  test('no readings', () => {
    const f = forecast({ readings: [], now, creditsLeft: 100_000, renewsInDays: 30 });
    expect(f.headline).toBe(
      'No forecast yet: it needs account readings over at least 1 hour; this tab has none yet.',
    );
    expect(f.warn).toBe(false);
  });

  test('one reading', () => {
    const f = forecast({ readings: [reading(0, 0)], now, creditsLeft: 100_000, renewsInDays: 30 });
    expect(f.headline).toBe(
      'No forecast yet: it needs account readings over at least 1 hour; this tab has read the account once.',
    );
  });

  test('the issue’s 10-minute session (700 of 100,000 spent) forecasts nothing, in no warning', () => {
    const f = forecast({
      readings: [reading(10 / 60, 0), reading(5 / 60, 400), reading(0, 700)],
      now,
      creditsLeft: 99_300,
      renewsInDays: 30,
    });
    expect(f.headline).toBe(
      "No forecast yet: it needs account readings over at least 1 hour; this tab's readings span 10 minutes.",
    );
    expect(f.warn).toBe(false);
    expect(f.outcome.kind).toBe('none');
  });

  test('without a credits figure there is nothing to forecast', () => {
    const f = forecast({
      readings: [reading(3, 0), reading(0, 10)],
      now,
      creditsLeft: undefined,
      renewsInDays: 30,
    });
    expect(f.headline).toBe('No forecast: the account does not say how many credits are left.');
  });
});

describe('steady use: a range, with the window the rate comes from', () => {
  test('the credits last past the renewal: said calmly, with what is left', () => {
    const f = forecast({
      readings: [reading(6, 1_000), reading(3, 1_300), reading(0, 1_600)],
      now,
      creditsLeft: 98_400,
      renewsInDays: 30,
    });
    expect(f.headline).toBe(
      "At the last 6 hours' rate (75–125 credits an hour), the credits left last until the plan renews in 30 days, with 8,400–44,400 to spare.",
    );
    expect(f.warn).toBe(false);
  });

  test('no spending in the window', () => {
    const f = forecast({
      readings: [reading(2, 500), reading(0, 500)],
      now,
      creditsLeft: 99_500,
      renewsInDays: 30,
    });
    expect(f.headline).toBe(
      "At the last 2 hours' rate (no credits spent), the credits left last until the plan renews in 30 days.",
    );
  });

  test('heavy use runs out before the renewal: the only case in a warning', () => {
    const f = forecast({
      readings: [reading(6, 90_000), reading(3, 93_000), reading(0, 96_000)],
      now,
      creditsLeft: 4_000,
      renewsInDays: 30,
    });
    expect(f.headline).toBe(
      "At the last 6 hours' rate (750–1,250 credits an hour), the credits left run out in 3–5 hours, before the plan renews in 30 days.",
    );
    expect(f.warn).toBe(true);
  });

  test('bursty use whose range straddles the renewal says "may"', () => {
    const f = forecast({
      readings: [reading(48, 0), reading(24, 1_000), reading(0, 5_000)],
      now,
      creditsLeft: 95_000,
      renewsInDays: 30,
    });
    expect(f.headline).toBe(
      "At the last 2 days' rate (42–167 credits an hour), the credits left last 24 days or more: they may run out shortly before the plan renews in 30 days.",
    );
    expect(f.warn).toBe(true);
  });

  test('without a renewal date, how long the credits last', () => {
    const f = forecast({
      readings: [reading(6, 1_000), reading(3, 1_300), reading(0, 1_600)],
      now,
      creditsLeft: 98_400,
      renewsInDays: undefined,
    });
    expect(f.headline).toBe(
      "At the last 6 hours' rate (75–125 credits an hour), the credits left last 33–55 days; the account does not say when the plan renews.",
    );
  });

  test('a reading just after another does not make a half of its own (a range of 0 would be noise)', () => {
    const rate = spendingRate(
      [reading(2, 98_000), reading(0.001, 99_000), reading(0, 99_000)],
      now,
    );
    expect(rate).toMatchObject({ kind: 'steady', low: 375, high: 625 });
  });

  test('readings before a renewal (the counter dropped) and older than 7 days are not the rate', () => {
    const rate = spendingRate(
      [reading(24 * 9, 0), reading(24 * 8, 90_000), reading(5, 10), reading(0, 60)],
      now,
    );
    expect(rate).toMatchObject({ kind: 'steady', windowMs: 5 * HOUR, spent: 50 });
  });
});

describe('scheduled tracker runs are planned spend within their caps', () => {
  test('within its caps: every run is counted', () => {
    const f = forecast({
      readings: [reading(6, 1_000), reading(0, 1_000)],
      now,
      creditsLeft: 99_000,
      renewsInDays: 30,
      schedules: [tracker({ runCost: 20 })],
    });
    expect(f.plannedSentence).toBe(
      'Scheduled tracker runs until the plan renews: 30 runs, 600 credits.',
    );
    expect(f.headline).toBe(
      "At the last 6 hours' rate (no credits spent) and with the scheduled tracker runs, the credits left last until the plan renews in 30 days, with 98,400 to spare.",
    );
  });

  test('beyond its caps: the issue’s daily tracker (400 a run, 200 a run cap, 3,000 a month) says how many runs the caps stop', () => {
    const schedule = tracker({ capPerRun: 200, monthlyCap: 3_000 });
    // Nov 26 to Dec 26: 5 runs in November (1,000), 25 in December of which 15 fit in 3,000.
    expect(scheduleOutlook(schedule, now, now + 30 * DAY)).toEqual({
      name: 'Coffee',
      runs: 30,
      stopped: 10,
      cutPerRun: true,
      perRun: 200,
      credits: 4_000,
    });
    const f = forecast({
      readings: [reading(6, 1_000), reading(0, 1_000)],
      now,
      creditsLeft: 99_000,
      renewsInDays: 30,
      schedules: [schedule],
    });
    expect(f.plannedSentence).toBe(
      "Scheduled tracker runs until the plan renews: 20 runs, 4,000 credits (the monthly cap stops 10 of Coffee's 30; Coffee's runs stop at their cap of 200 credits).",
    );
  });

  test('what this month already spent counts against the monthly cap', () => {
    const o = scheduleOutlook(
      tracker({ runCost: 100, monthlyCap: 500, spentThisMonth: 450 }),
      now,
      now + 3 * DAY,
    );
    // Nov 26: 50 left (a run cut to 50); Nov 27, 28: stopped.
    expect(o).toMatchObject({ runs: 3, stopped: 2, credits: 50 });
  });

  test('planned runs the credits cannot pay warn even without a rate', () => {
    const f = forecast({
      readings: [reading(0, 99_000)],
      now,
      creditsLeft: 1_000,
      renewsInDays: 30,
      schedules: [tracker()],
    });
    expect(f.headline).toBe(
      'No forecast yet: it needs account readings over at least 1 hour; this tab has read the account once. The scheduled tracker runs alone would spend 12,000 credits, more than the 1,000 left.',
    );
    expect(f.warn).toBe(true);
  });
});
