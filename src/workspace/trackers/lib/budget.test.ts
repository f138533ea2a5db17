import { describe, expect, test } from 'vitest';
import { planBudget } from './budget.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 25);

describe('planBudget', () => {
  test('counts the scheduled runs until the plan renews and what is left after', () => {
    const plan = planBudget({
      runCost: 100,
      cadence: 'daily',
      nextRun: now + DAY / 2,
      now,
      renewsInDays: 10,
      creditsLeft: 5_000,
      runOutInMs: undefined,
    });
    expect(plan).toMatchObject({
      runsUntilRenewal: 10,
      cost: 1_000,
      leftAtRenewal: 4_000,
      warning: null,
    });
  });

  test('warns when the schedule would exhaust the plan, naming the run that could not be paid', () => {
    const plan = planBudget({
      runCost: 400,
      cadence: 'daily',
      nextRun: now + DAY,
      now,
      renewsInDays: 10,
      creditsLeft: 1_000,
      runOutInMs: undefined,
    });
    expect(plan.exhaustedAt).toBe(now + 3 * DAY);
    expect(plan.warning).toMatch(
      /exhausts the plan: the run of Nov 28, 2026 could not be paid for/,
    );
  });

  test('warns when the account runs out at its recent rate before renewal', () => {
    const plan = planBudget({
      runCost: 10,
      cadence: 'weekly',
      nextRun: now + DAY,
      now,
      renewsInDays: 30,
      creditsLeft: 10_000,
      runOutInMs: 5 * DAY,
    });
    expect(plan.runsUntilRenewal).toBe(5);
    expect(plan.forecastRunsOutFirst).toBe(true);
    expect(plan.warning).toMatch(/run out around Nov 30, 2026/);
  });

  test('without a cadence nothing is planned', () => {
    expect(
      planBudget({
        runCost: 10,
        cadence: 'off',
        nextRun: null,
        now,
        renewsInDays: 3,
        creditsLeft: 0,
        runOutInMs: undefined,
      }),
    ).toMatchObject({ runsUntilRenewal: 0, cost: 0, warning: null });
  });
});
