import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  estimateRemainingMs,
  RunQueue,
  type QueueState,
  type RunQueueOptions,
  type Settled,
} from './run-queue.ts';

/** A start function whose promises the test settles by hand, remembering the order of starts. */
function controlledStarts() {
  const started: string[] = [];
  const pending = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  let inFlight = 0;
  let peak = 0;
  const start = (item: string) => {
    started.push(item);
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    return new Promise<void>((resolve, reject) => {
      pending.set(item, {
        resolve: () => (inFlight--, resolve()),
        reject: (e) => (inFlight--, reject(e)),
      });
    });
  };
  return { start, started, pending, peak: () => peak };
}

const REFUSED = new Error('429');
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('RunQueue', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  test('never has more than its limit in flight, and sends the rest in order as others finish', async () => {
    const s = controlledStarts();
    const items = [...'abcdefg'];
    const queue = new RunQueue(items, {
      limit: 3,
      start: s.start,
      isRefusal: (e) => e === REFUSED,
      onChange: () => {},
    });
    queue.pump();
    expect(s.started).toEqual(['a', 'b', 'c']);
    // Each settled request lets the next waiting one start.
    for (const item of items) {
      s.pending.get(item)?.resolve();
      await flush();
    }
    expect(s.started).toEqual(items);
    expect(s.peak()).toBe(3);
  });

  test('skips items with nothing to send without taking a slot', () => {
    const started: string[] = [];
    const queue = new RunQueue(['a', 'b', 'c'], {
      limit: 1,
      start: (item) => (item === 'a' ? null : (started.push(item), new Promise(() => {}))),
      isRefusal: () => false,
      onChange: () => {},
    });
    queue.pump();
    expect(started).toEqual(['b']);
  });

  test('a refusal puts the item back first, lowers the cap and pauses, then resumes by itself', async () => {
    vi.useRealTimers();
    vi.useFakeTimers();
    const s = controlledStarts();
    const states: (QueueState | null)[] = [];
    const queue = new RunQueue([...'abcd'], {
      limit: 2,
      start: s.start,
      isRefusal: (e) => e === REFUSED,
      onChange: (state) => states.push(state),
      pauseMs: 1000,
    });
    queue.pump();
    expect(s.started).toEqual(['a', 'b']);
    s.pending.get('a')!.reject(REFUSED);
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toMatchObject({ waiting: 3, limit: 1, pausedUntil: expect.any(Number) });
    s.pending.get('b')!.resolve();
    await vi.advanceTimersByTimeAsync(999);
    // Paused: nothing new starts, even with a free slot.
    expect(s.started).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.started).toEqual(['a', 'b', 'a']);
    expect(states.at(-1)).toMatchObject({ waiting: 2, active: 1, limit: 1, pausedUntil: null });
  });

  test('a failure other than a refusal is left to the caller and the queue goes on', async () => {
    const s = controlledStarts();
    const queue = new RunQueue(['a', 'b'], {
      limit: 1,
      start: s.start,
      isRefusal: (e) => e === REFUSED,
      onChange: () => {},
    });
    queue.pump();
    s.pending.get('a')!.reject(new Error('HTTP 500'));
    await flush();
    expect(s.started).toEqual(['a', 'b']);
  });

  test('stop drops what waits and says the queue is gone', async () => {
    const s = controlledStarts();
    const states: (QueueState | null)[] = [];
    const queue = new RunQueue(['a', 'b', 'c'], {
      limit: 1,
      start: s.start,
      isRefusal: () => false,
      onChange: (state) => states.push(state),
    });
    queue.pump();
    queue.stop();
    s.pending.get('a')!.resolve();
    await flush();
    expect(s.started).toEqual(['a']);
    expect(states.at(-1)).toBeNull();
  });
});

/** A queue of `items` with a controlled start, a cost per item and a spend cap. */
function cappedQueue(
  items: string[],
  options: Partial<RunQueueOptions<string>> & { limit: number },
) {
  const s = controlledStarts();
  const states: (QueueState | null)[] = [];
  const settled: [string, Settled['kind']][] = [];
  const queue = new RunQueue(items, {
    start: s.start,
    isRefusal: (e) => e === REFUSED,
    onChange: (state) => states.push(state),
    onSettle: (item, result) => settled.push([item, result.kind]),
    ...options,
  });
  return { queue, s, states, settled };
}

const UNCHARGED = new Error('HTTP 500');
const FATAL = new Error('HTTP 403');

describe('RunQueue with a spend cap', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  test('starts exactly what fits under the cap, then holds and says what the rest would cost', async () => {
    const { queue, s } = cappedQueue([...'abcdefghijkl'], { limit: 3, cost: () => 20, cap: 100 });
    queue.pump();
    expect(s.started).toEqual(['a', 'b', 'c']);
    for (const item of 'abcde') {
      s.pending.get(item)?.resolve();
      await flush();
    }
    // Five paid requests make 100: a sixth would cross the cap.
    expect(s.started).toEqual([...'abcde']);
    expect(queue.state()).toMatchObject({
      held: 'cap',
      done: 5,
      spent: 100,
      waiting: 7,
      waitingCost: 140,
      active: 0,
    });
  });

  test('while a request in flight could still end uncharged, the queue waits rather than stops', async () => {
    const { queue, s } = cappedQueue([...'abc'], {
      limit: 2,
      cost: () => 20,
      cap: 40,
      charged: (e) => e !== UNCHARGED,
    });
    queue.pump();
    expect(s.started).toEqual(['a', 'b']);
    expect(queue.state().held).toBeNull();
    // b fails without being charged: its 20 credits are free again, so c fits.
    s.pending.get('b')!.reject(UNCHARGED);
    await flush();
    expect(s.started).toEqual(['a', 'b', 'c']);
    expect(queue.state()).toMatchObject({ failed: 1, spent: 0, reserved: 40 });
  });

  test('a failure that may have been charged keeps its credits counted', async () => {
    const { queue, s } = cappedQueue([...'ab'], { limit: 1, cost: () => 20, cap: 20 });
    queue.pump();
    s.pending.get('a')!.reject(new Error('timeout'));
    await flush();
    expect(s.started).toEqual(['a']);
    expect(queue.state()).toMatchObject({ held: 'cap', spent: 20, failed: 1, waitingCost: 20 });
  });

  test('raising the cap and resuming sends the rest', async () => {
    const { queue, s } = cappedQueue([...'abc'], { limit: 2, cost: () => 20, cap: 20 });
    queue.pump();
    s.pending.get('a')!.resolve();
    await flush();
    expect(queue.state().held).toBe('cap');
    queue.setCap(60);
    queue.resume();
    expect(s.started).toEqual(['a', 'b', 'c']);
  });

  test('an item that costs nothing still starts once the cap is reached', async () => {
    const { queue, s } = cappedQueue([...'abc'], {
      limit: 1,
      cost: (item) => (item === 'b' ? 0 : 20),
      cap: 20,
    });
    queue.pump();
    s.pending.get('a')!.resolve();
    await flush();
    expect(s.started).toEqual(['a', 'b']);
    s.pending.get('b')!.resolve();
    await flush();
    expect(queue.state()).toMatchObject({ held: 'cap', spent: 20, waiting: 1 });
  });
});

describe('RunQueue controls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('pause lets running requests finish and starts nothing until resume', async () => {
    const { queue, s } = cappedQueue([...'abcd'], { limit: 2 });
    queue.pump();
    queue.pause();
    s.pending.get('a')!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.started).toEqual(['a', 'b']);
    expect(queue.state()).toMatchObject({ held: 'paused', done: 1, active: 1, waiting: 2 });
    queue.resume();
    expect(s.started).toEqual(['a', 'b', 'c']);
  });

  test('cancel returns what never left, counts what was in flight, and drops one refused after it', async () => {
    const { queue, s, settled, states } = cappedQueue([...'abcde'], { limit: 2 });
    queue.pump();
    expect(queue.cancel()).toEqual(['c', 'd', 'e']);
    s.pending.get('a')!.resolve();
    s.pending.get('b')!.reject(REFUSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.started).toEqual(['a', 'b']);
    expect(settled).toEqual([
      ['a', 'done'],
      ['b', 'dropped'],
    ]);
    expect(queue.state()).toMatchObject({ done: 1, waiting: 0, active: 0 });
    expect(states.at(-1)).toBeNull();
    queue.resume();
    expect(s.started).toEqual(['a', 'b']);
  });

  test('a refusal waits as long as its Retry-After asks, then resumes by itself', async () => {
    const { queue, s } = cappedQueue([...'ab'], {
      limit: 1,
      refusalWaitMs: () => 7_000,
      pauseMs: 1_000,
    });
    queue.pump();
    s.pending.get('a')!.reject(REFUSED);
    await vi.advanceTimersByTimeAsync(6_999);
    expect(s.started).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.started).toEqual(['a', 'a']);
  });

  test('a failure the caller lets retry goes back after its delay, and fails for good when it says no more', async () => {
    const { queue, s, settled } = cappedQueue(['a'], {
      limit: 1,
      retryDelayMs: (_item, _error, attempt) => (attempt <= 2 ? 1_000 * attempt : null),
    });
    queue.pump();
    for (const wait of [1_000, 2_000]) {
      s.pending.get('a')!.reject(UNCHARGED);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(queue.state()).toMatchObject({ waiting: 1, active: 0, failed: 0 });
      await vi.advanceTimersByTimeAsync(1);
      expect(queue.state().active).toBe(1);
    }
    s.pending.get('a')!.reject(UNCHARGED);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.started).toEqual(['a', 'a', 'a']);
    expect(settled.map(([, kind]) => kind)).toEqual(['again', 'again', 'failed']);
    expect(queue.state()).toMatchObject({ failed: 1, waiting: 0 });
  });

  test('a failure every request would meet holds the queue', async () => {
    const { queue, s } = cappedQueue([...'abc'], { limit: 1, isFatal: (e) => e === FATAL });
    queue.pump();
    s.pending.get('a')!.reject(FATAL);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.started).toEqual(['a']);
    expect(queue.state()).toMatchObject({ held: 'fatal', failed: 1, waiting: 2 });
  });

  test('counts progress and estimates what is left from the measured latency', async () => {
    const { queue, s } = cappedQueue([...'abcdef'], { limit: 2 });
    queue.pump();
    expect(queue.state().etaMs).toBeNull();
    await vi.advanceTimersByTimeAsync(400);
    s.pending.get('a')!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // 5 left at 400 ms each, 2 at a time.
    expect(queue.state()).toMatchObject({ done: 1, meanLatencyMs: 400, etaMs: 1_000 });
  });
});

describe('estimateRemainingMs', () => {
  test('is nothing when nothing is left, and one latency for fewer items than slots', () => {
    expect(estimateRemainingMs(0, 4, 300)).toBe(0);
    expect(estimateRemainingMs(3, 4, 300)).toBe(300);
    expect(estimateRemainingMs(8, 4, 300)).toBe(600);
  });
});

describe('RunQueue properties', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  type Outcome = 'ok' | 'refused' | 'uncharged' | 'charged';
  const outcome = fc.constantFrom<Outcome>('ok', 'ok', 'ok', 'refused', 'uncharged', 'charged');
  const FAILURES = {
    refused: new Error('429'),
    uncharged: new Error('500'),
    charged: new Error('404'),
  };

  test('never has more in flight than its limit, never commits past its cap, and accounts for every item', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 1, maxLength: 5 }),
        fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
        fc.array(fc.tuple(fc.nat(), outcome), { maxLength: 120 }),
        async (count, limit, costs, cap, steps) => {
          const items = Array.from({ length: count }, (_, i) => `item${i}`);
          const costOf = (item: string) => costs[Number(item.slice(4)) % costs.length]!;
          const inFlight: { item: string; settle: (o: Outcome) => void }[] = [];
          let peak = 0;
          let worstCommitted = 0;
          const charged = new Map<string, number>();
          const queue: RunQueue<string> = new RunQueue(items, {
            limit,
            cap,
            cost: costOf,
            isRefusal: (e) => e === FAILURES.refused,
            charged: (e) => e === FAILURES.charged,
            pauseMs: 10,
            onChange: () => {},
            onSettle: (item, s) => {
              if (s.kind === 'done' || (s.kind === 'failed' && s.charged))
                charged.set(item, (charged.get(item) ?? 0) + costOf(item));
            },
            start: (item) =>
              new Promise((resolve, reject) => {
                inFlight.push({
                  item,
                  settle: (o) => (o === 'ok' ? resolve(o) : reject(FAILURES[o])),
                });
                peak = Math.max(peak, inFlight.length);
              }),
          });
          const check = () => {
            const st = queue.state();
            worstCommitted = Math.max(worstCommitted, st.spent + st.reserved);
          };
          queue.pump();
          check();
          for (const [pick, o] of [...steps, ...items.map(() => [0, 'ok'] as const)]) {
            if (inFlight.length === 0) {
              await vi.advanceTimersByTimeAsync(50);
              if (inFlight.length === 0) break;
            }
            const [entry] = inFlight.splice(pick % inFlight.length, 1);
            entry!.settle(o);
            await vi.advanceTimersByTimeAsync(0);
            check();
          }
          // Let every remaining pause end and every started request succeed.
          while (inFlight.length > 0 || queue.state().pausedUntil !== null) {
            inFlight.splice(0).forEach((e) => e.settle('ok'));
            await vi.advanceTimersByTimeAsync(50);
            check();
          }
          const st = queue.state();
          expect(peak).toBeLessThanOrEqual(limit);
          const spent = [...charged.values()].reduce((a, b) => a + b, 0);
          expect(st.spent).toBe(spent);
          if (cap !== null) expect(worstCommitted).toBeLessThanOrEqual(cap);
          // Every item settled once (done or failed for good), or still waits behind the cap.
          expect(st.done + st.failed + st.waiting).toBe(count);
          if (st.waiting > 0) {
            expect(st.held).toBe('cap');
            expect(cap).not.toBeNull();
            // The next one really would not fit.
            const next = items[count - st.waiting]!;
            expect(st.spent + costOf(next)).toBeGreaterThan(cap!);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
