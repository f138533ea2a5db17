import { describe, expect, test } from 'vitest';
import { forecast, scheduleOutlook, type PlannedSchedule } from '../../costs/lib/forecast.ts';
import { leftAtRenewalSentence, scheduleSentence } from './budget.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 26, 12);
const schedule = (init: Partial<PlannedSchedule>): PlannedSchedule => ({
  name: 'Coffee',
  cadenceMs: DAY,
  nextRun: now + HOUR,
  runCost: 20,
  requestCost: 20,
  capPerRun: null,
  monthlyCap: null,
  spentThisMonth: 0,
  ...init,
});

describe('the budget planner’s sentences', () => {
  test('within its caps', () => {
    const s = schedule({});
    expect(
      scheduleSentence({
        cadence: 'daily',
        runCost: 20,
        monthlyCap: null,
        outlook: scheduleOutlook(s, now, now + 30 * DAY),
        renewalKnown: true,
      }),
    ).toBe('20 credits a run × daily = 30 runs until the plan renews: 600 credits.');
    const f = forecast({
      readings: [],
      now,
      creditsLeft: 99_980,
      renewsInDays: 30,
      schedules: [s],
    });
    expect(leftAtRenewalSentence(f)).toBe('If nothing else spends, 99,380 left at renewal.');
  });

  test('beyond its caps: how many runs the caps stop', () => {
    const s = schedule({ runCost: 400, capPerRun: 200, monthlyCap: 3_000 });
    expect(
      scheduleSentence({
        cadence: 'daily',
        runCost: 400,
        monthlyCap: 3_000,
        outlook: scheduleOutlook(s, now, now + 30 * DAY),
        renewalKnown: true,
      }),
    ).toBe(
      '400 credits a run × daily = 30 runs until the plan renews; each run stops at its cap of 200 credits and the monthly cap of 3,000 credits stops 10 of them: 20 runs, 4,000 credits.',
    );
  });

  test('with a rate, what is left at renewal is the forecast’s sentence alone (never a second figure)', () => {
    const f = forecast({
      readings: [
        { at: now - 6 * HOUR, requestUsed: 100, requestLimit: 100_000 },
        { at: now, requestUsed: 700, requestLimit: 100_000 },
      ],
      now,
      creditsLeft: 99_300,
      renewsInDays: 30,
      schedules: [schedule({})],
    });
    expect(leftAtRenewalSentence(f)).toBeNull();
    expect(f.headline).toBe(
      "At the last 6 hours' rate (75–125 credits an hour) and with the scheduled tracker runs, the credits left last until the plan renews in 30 days, with 8,700–44,700 to spare.",
    );
  });
});
