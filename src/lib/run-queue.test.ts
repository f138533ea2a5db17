import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RunQueue, type QueueState } from './run-queue.ts';

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
