import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SessionUsage } from '../../../api/session-usage.ts';
import { RunQueue } from '../../../lib/run-queue.ts';
import {
  batchConcurrency,
  countedCost,
  countedCostLabel,
  planBatch,
  planSummary,
  type CountedCost,
} from './pricing.ts';

const usage = (samples: [string, number][]): SessionUsage => ({
  samples: samples.map(([endpoint, credits], i) => ({
    endpoint: endpoint as SessionUsage['samples'][number]['endpoint'],
    credits,
    at: i,
  })),
  requests: [],
  readings: [],
});

describe('the counted cost of a request', () => {
  test('is the published cost, else the measured one', () => {
    expect(countedCost('search', usage([['search', 7]]))).toEqual({
      credits: 20,
      basis: 'published',
    });
    expect(countedCost('shorts', usage([['shorts', 10]]))).toEqual({
      credits: 10,
      basis: 'measured',
    });
  });

  test('an unknown cost counts as the highest measured cost of any endpoint, and says so', () => {
    const cost = countedCost(
      'autocomplete',
      usage([
        ['shorts', 10],
        ['realty', 25],
        ['shorts', 3],
      ]),
    );
    // The latest shorts sample is 3; realty's 25 is the highest measured cost.
    expect(cost).toEqual({ credits: 25, basis: 'assumed', from: 'measured' });
    expect(countedCostLabel(cost)).toBe(
      'unknown cost: counted as 25 credits a request (the highest measured cost of any endpoint) until measured',
    );
  });

  test('before anything is measured, an unknown cost counts as the highest published one', () => {
    expect(countedCost('autocomplete', usage([]))).toEqual({
      credits: 20,
      basis: 'assumed',
      from: 'published',
    });
  });
});

describe('the plan', () => {
  const published: CountedCost = { credits: 20, basis: 'published' };

  test('counts requests, free cached ones, the cost, what is left after and where the cap stops', () => {
    const plan = planBatch({
      requests: 12,
      cached: 2,
      unit: published,
      creditsLeft: 1_000,
      cap: 100,
    });
    expect(plan).toMatchObject({
      toSend: 10,
      cost: 200,
      creditsLeftAfter: 800,
      withinCap: 5,
      beyondCapCost: 100,
      notEnoughCredits: false,
    });
    expect(planSummary(plan)).toBe(
      '12 requests · 2 already answered (free) · 10 to send: 10 × 20 = 200 credits · 800 left after · the cap of 100 credits stops the run after 5 (100 credits more to finish)',
    );
  });

  test('says when the account has too few credits, and marks estimates as such', () => {
    const plan = planBatch({
      requests: 3,
      cached: 0,
      unit: { credits: 10, basis: 'measured' },
      creditsLeft: 25,
      cap: null,
    });
    expect(plan).toMatchObject({ notEnoughCredits: true, withinCap: 3, creditsLeftAfter: -5 });
    expect(planSummary(plan)).toBe(
      '3 requests · 3 to send: ≈ 3 × 10 = 30 credits (measured) · not enough credits left',
    );
    expect(
      planSummary(
        planBatch({
          requests: 1,
          cached: 0,
          unit: { credits: 10, basis: 'measured' },
          creditsLeft: 25,
          cap: null,
        }),
      ),
    ).toContain('≈ 15 left after');
  });

  test('the cap lets through exactly as many requests as the run queue sends, in any order of answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 50 }),
        fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: null }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (requests, cachedRaw, credits, cap, limit, order) => {
          const cached = Math.min(cachedRaw, requests);
          const plan = planBatch({
            requests,
            cached,
            unit: { credits, basis: 'published' },
            creditsLeft: undefined,
            cap,
          });
          const items = Array.from({ length: requests }, (_, i) => i);
          const isCached = (i: number) => i < cached;
          const pending: (() => void)[] = [];
          let sent = 0;
          const queue = new RunQueue(items, {
            limit,
            cap,
            cost: (i) => (isCached(i) ? 0 : credits),
            isRefusal: () => false,
            onChange: () => {},
            start: (i) => {
              if (isCached(i)) return null;
              sent += 1;
              return new Promise<void>((resolve) => pending.push(resolve));
            },
          });
          queue.pump();
          let step = 0;
          while (pending.length > 0) {
            const [resolve] = pending.splice((order[step++] ?? 0) % pending.length, 1);
            resolve!();
            await Promise.resolve();
            await Promise.resolve();
          }
          expect(sent).toBe(plan.withinCap);
          expect(queue.state().spent).toBe(plan.withinCap * credits);
          expect(queue.state().waitingCost).toBe(plan.beyondCapCost);
        },
      ),
    );
  });
});

describe('how many run at once', () => {
  test('one fewer than the account allows, fewer if the user asks, never none', () => {
    expect(batchConcurrency(5)).toBe(4);
    expect(batchConcurrency(5, 2)).toBe(2);
    expect(batchConcurrency(5, 9)).toBe(4);
    expect(batchConcurrency(1)).toBe(1);
    expect(batchConcurrency(undefined)).toBe(3);
    expect(batchConcurrency(5, 0)).toBe(1);
  });
});
