import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeNextPaint, eachInSlices, nextUrgentTask, SLICE_MS } from './next-task.ts';

/** Resolves in a later task, after the tasks queued before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Busy work of about `ms` milliseconds (a slice's budget is main-thread time). */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* spin */
  }
}

describe('eachInSlices', () => {
  it('does every item in order, in tasks of about a slice each, then calls onDone', async () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    const seen: number[] = [];
    const tasks: number[][] = [[]];
    let otherTasks = 0;
    const done = new Promise<void>((resolve) => {
      eachInSlices(
        items,
        (item, index) => {
          expect(index).toBe(item);
          busy(SLICE_MS / 3);
          seen.push(item);
          (tasks[tasks.length - 1] as number[]).push(item);
        },
        resolve,
      );
      // Another task queued meanwhile gets its turn between slices.
      const tick = () => {
        otherTasks++;
        tasks.push([]);
        if (seen.length < items.length) setTimeout(tick, 0);
      };
      setTimeout(tick, 0);
    });
    expect(seen).toEqual([]); // nothing in the caller's task
    await done;
    expect(seen).toEqual(items);
    const slices = tasks.filter((t) => t.length > 0);
    expect(slices.length).toBeGreaterThanOrEqual(3);
    for (const slice of slices) expect(slice.length).toBeLessThanOrEqual(4);
    expect(otherTasks).toBeGreaterThanOrEqual(2);
  });

  it('stops when asked: no more items and no onDone', async () => {
    const seen: number[] = [];
    let finished = false;
    const stop = eachInSlices(
      [1, 2, 3, 4, 5, 6],
      (item) => {
        busy(SLICE_MS);
        seen.push(item);
      },
      () => (finished = true),
    );
    await nextTask();
    stop();
    await new Promise((r) => setTimeout(r, 30));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(6);
    expect(finished).toBe(false);
  });

  it('calls onDone for no items, in a later task', async () => {
    let finished = false;
    eachInSlices(
      [],
      () => {},
      () => (finished = true),
    );
    expect(finished).toBe(false);
    await nextTask();
    expect(finished).toBe(true);
  });
});

describe('nextUrgentTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the browser for a user-blocking task where it has a scheduler', async () => {
    const asked: string[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (work: () => void, { priority }: { priority: string }) => {
        asked.push(priority);
        return new Promise<void>((resolve) => setTimeout(() => resolve(work()), 0));
      },
    });
    await nextUrgentTask();
    expect(asked).toEqual(['user-blocking']);
  });

  it('settles in a later task where there is none, never in the caller’s', async () => {
    expect('scheduler' in globalThis).toBe(false);
    const order: string[] = [];
    const settled = nextUrgentTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('caller');
    await settled;
    expect(order).toEqual(['caller', 'microtask', 'next task']);
  });
});

describe('beforeNextPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Animation frames that run when the test says (the next frame's callbacks). */
  function frames() {
    const queued = new Map<number, FrameRequestCallback>();
    let id = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      queued.set(++id, callback);
      return id;
    });
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => queued.delete(handle));
    return {
      run: () => {
        const due = [...queued.values()];
        queued.clear();
        for (const callback of due) callback(performance.now());
      },
      pending: () => queued.size,
    };
  }

  it('runs in a task of its own when that comes before the frame, and not again in the frame', async () => {
    const frame = frames();
    let runs = 0;
    beforeNextPaint(() => {
      runs++;
    });
    expect(runs).toBe(0); // never in the caller's task
    await nextTask();
    expect(runs).toBe(1);
    expect(frame.pending()).toBe(0); // the frame's turn was given back
    frame.run();
    expect(runs).toBe(1);
  });

  it('runs in the frame when the frame comes first, and not again in the task', async () => {
    const frame = frames();
    let runs = 0;
    beforeNextPaint(() => {
      runs++;
    });
    frame.run();
    expect(runs).toBe(1);
    await nextTask();
    expect(runs).toBe(1);
  });

  it('cancelled first, runs nowhere; cancelled after, stops what it started', async () => {
    const frame = frames();
    let runs = 0;
    beforeNextPaint(() => {
      runs++;
    })();
    frame.run();
    await nextTask();
    expect(runs).toBe(0);

    let stopped = 0;
    const stop = beforeNextPaint(() => () => {
      stopped++;
    });
    await nextTask();
    stop();
    expect(stopped).toBe(1);
  });
});
