import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { afterReload, cellsToResume, type CellRun } from './cells.ts';
import { parseQueryLines } from './intake.ts';
import { buildMatrix, type BatchCell } from './matrix.ts';
import { batchRunPolicy } from './run-policy.ts';
import { startRun } from './engine.ts';

// The engine under a fake clock, with storage that takes time to commit and can refuse a write,
// and a page that goes away at any moment: over all of them, a cell's request leaves at most
// once, across the reload and the Resume after it (issue 34's "paid exactly once").

const cellsOf = (n: number): BatchCell[] =>
  buildMatrix(
    'search',
    parseQueryLines(Array.from({ length: n }, (_, i) => `keyword ${i + 1}`).join('\n'), 'search')
      .rows,
    [
      { country: 'us', language: 'en' },
      { country: 'de', language: 'de' },
    ],
  ).cells;

interface World {
  /** What a reload finds: the writes that committed before it. */
  durable: Map<string, CellRun>;
  /** Every request that reached the upstream and may have been charged (not a 429), in order. */
  sent: string[];
  writes: number;
}

interface Scenario {
  cells: number;
  limit: number;
  latencies: number[];
  writeMs: number;
  /** The write (counted from 1) the storage refuses, or 0 for none. */
  refuse: number;
  /** When the page goes away (ms after Run). */
  crashAt: number;
  /** Requests answered 429 (nothing done) before this many ms. */
  busyUntil: number;
  /** Sees every change of a cell. */
  observe?: (cell: BatchCell, run: CellRun) => void;
}

/** One request at a time, 100 ms each, and a storage that takes 40 ms to commit. */
const SLOW_STORAGE: Scenario = {
  cells: 1,
  limit: 1,
  latencies: [100],
  writeMs: 40,
  refuse: 0,
  crashAt: 0,
  busyUntil: 0,
};

/** One page's run: its writes and requests go to `world`, as a browser's would. */
function runPage(world: World, cells: readonly BatchCell[], s: Scenario) {
  /** Stores a cell's state (`undefined`: deletes its record). */
  const write = (id: string, run: CellRun | undefined) => {
    world.writes += 1;
    const n = world.writes;
    // A write commits to the storage of the page that made it: one still open when the page
    // is killed is lost with it.
    const storage = world.durable;
    return new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        if (n === s.refuse) return reject(new Error('QuotaExceededError'));
        if (run) storage.set(id, run);
        else storage.delete(id);
        resolve();
      }, s.writeMs),
    );
  };
  const recorded = new Set<string>();
  const pageStart = Date.now();
  let rested = false;
  const engine = startRun({
    cells,
    limit: s.limit,
    cap: null,
    unitCost: () => 20,
    cachedAt: () => undefined,
    writeAhead: (cell, run) => (recorded.add(cell.id), write(cell.id, run)),
    send: (cell) => {
      const busy = Date.now() - pageStart < s.busyUntil;
      // A 429 is never charged (the engine sends it again by itself); every other arrival may be.
      if (!busy) world.sent.push(cell.id);
      const latency = s.latencies[world.sent.length % s.latencies.length]!;
      return new Promise((resolve, reject) =>
        setTimeout(
          () =>
            busy
              ? reject(new ApiError({ kind: 'http', status: 429, endpoint: '/search' }))
              : resolve({}),
          latency,
        ),
      );
    },
    policy: batchRunPolicy(() => false, 50),
    // Later states are written behind, as the batch view does: losing them loses nothing paid.
    onCell: (cell, run) => {
      s.observe?.(cell, run);
      // A recorded cell waiting again was not charged: its record is taken back, as the batch
      // view does (the hardest case for "never twice": the next page may send it).
      if (run.state === 'waiting' && recorded.delete(cell.id))
        void write(cell.id, undefined).catch(() => {});
      if (run.state !== 'waiting' && run.state !== 'running') {
        recorded.delete(cell.id);
        void write(cell.id, run).catch(() => {});
      }
    },
    onRest: (rest) => {
      if (rest.kind !== 'held') rested = true;
    },
  });
  return { engine, rested: () => rested };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const scenarios = fc.record({
  cells: fc.integer({ min: 1, max: 6 }),
  limit: fc.integer({ min: 1, max: 4 }),
  latencies: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 6 }),
  writeMs: fc.integer({ min: 0, max: 30 }),
  refuse: fc.integer({ min: 0, max: 20 }),
  crashAt: fc.integer({ min: 0, max: 1_500 }),
  busyUntil: fc.constantFrom(0, 0, 120),
});

describe('the run engine, reloaded at any moment', () => {
  test('no cell reaches the upstream twice, whatever the storage does and whenever the page goes', async () => {
    await fc.assert(
      fc.asyncProperty(scenarios, async (s) => {
        const cells = cellsOf(s.cells);
        const world: World = { durable: new Map(), sent: [], writes: 0 };
        const first = runPage(world, cells, s);
        await vi.advanceTimersByTimeAsync(s.crashAt);
        // The page is killed: what had not committed is lost, and the next page starts from
        // what had.
        first.engine.stop();
        const stored = Object.fromEntries(world.durable);
        world.durable = new Map(world.durable);

        // The next page: what was running may have been charged, and Resume sends the rest.
        const resume = cellsToResume(cells, afterReload(stored));
        const second = runPage(world, resume, { ...s, refuse: 0, busyUntil: 0 });
        for (let i = 0; i < 200 && !second.rested(); i++) await vi.advanceTimersByTimeAsync(100);
        expect(second.rested()).toBe(true);

        const twice = world.sent.filter((id, i) => world.sent.indexOf(id) !== i);
        expect(twice).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  test('a request leaves only once its record is stored, and not at all when the storage refuses it', async () => {
    const cells = cellsOf(1).slice(0, 1);
    const world: World = { durable: new Map(), sent: [], writes: 0 };
    const scenario = {
      cells: 1,
      limit: 1,
      latencies: [50],
      writeMs: 40,
      refuse: 0,
      crashAt: 0,
      busyUntil: 0,
    };
    runPage(world, cells, scenario);
    await vi.advanceTimersByTimeAsync(39);
    expect(world.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.sent).toEqual([cells[0]!.id]);

    const refused: World = { durable: new Map(), sent: [], writes: 0 };
    const page = runPage(refused, cells, { ...scenario, refuse: 1 });
    await vi.advanceTimersByTimeAsync(100);
    expect(refused.sent).toEqual([]);
    expect(page.engine.runs()[cells[0]!.id]).toEqual({
      state: 'not-checked',
      reason: 'unrecorded',
    });
    expect(page.engine.state().held).toBe('fatal');
  });

  test('the next cell is recorded while the request before it is in flight, so its slot sends at once; a pause takes the record back', async () => {
    const cells = cellsOf(1);
    const world: World = { durable: new Map(), sent: [], writes: 0 };
    const scenario = { ...SLOW_STORAGE, cells: 2 };
    runPage(world, cells, scenario);
    // The first request leaves once its record is stored (40 ms); the second cell's record is
    // written while it is in flight, so the second leaves the moment the first is answered.
    await vi.advanceTimersByTimeAsync(40);
    expect(world.sent).toEqual([cells[0]!.id]);
    await vi.advanceTimersByTimeAsync(100);
    expect(world.sent).toEqual([cells[0]!.id, cells[1]!.id]);

    // Paused while the first is in flight: the second, recorded ahead, is reported waiting again
    // (its record is taken back) and is not sent.
    const reported: CellRun['state'][] = [];
    const observed: World = { durable: new Map(), sent: [], writes: 0 };
    const paused = runPage(observed, cells, {
      ...scenario,
      observe: (cell, run) => cell.id === cells[1]!.id && reported.push(run.state),
    });
    await vi.advanceTimersByTimeAsync(45);
    paused.engine.pause();
    expect(reported).toEqual(['waiting', 'waiting']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(observed.sent).toEqual([cells[0]!.id]);
  });
});
