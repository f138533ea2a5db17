import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rankInCut, runForMovers } from './latest-movers.ts';
import { countMoves, moversBetween, moversDigest, sortMovers } from './movers.ts';
import { trackerMatrix } from './tracker.ts';
import { page, testRun, testTracker } from './test-runs.ts';

const tracker = testTracker(['a', 'b', 'c', 'd', 'e', 'f']);
const cells = trackerMatrix(tracker).cells;

describe('moversBetween', () => {
  const before = testRun(tracker, 'r1', Date.UTC(2026, 10, 17), [
    page('x.com', 'example.com'), // #2
    page('example.com'), // #1
    page('x.com'), // not in the results
    page('example.com'), // #1
    null, // not checked
    page('x.com', 'y.com', 'example.com'), // #3
  ]);
  const after = testRun(tracker, 'r2', Date.UTC(2026, 10, 24), [
    page('example.com'), // #1: up 1
    page('x.com', 'y.com', 'example.com'), // #3: down 2
    page('example.com'), // new
    page('x.com'), // lost
    page('example.com'), // not checked before
    page('x.com', 'y.com', 'example.com'), // unchanged
  ]);

  test('names each move with its size, and a cell without an answer is never lost', () => {
    const movers = moversBetween(cells, before, after, 'example.com', 10);
    expect(movers.map((m) => [m.cell.query, m.move, m.size])).toEqual([
      ['a', 'up', 1],
      ['b', 'down', -2],
      ['c', 'new', 0],
      ['d', 'lost', 0],
      ['e', 'not-checked', 0],
      ['f', 'unchanged', 0],
    ]);
    expect(moversDigest(movers, before.startedAt)).toBe(
      '1 up, 1 down, 1 new, 1 lost since Nov 17 (1 not checked in one of the runs)',
    );
    // Runs cut to the target's best result (the stored latest movers) read the same, read as cut.
    const cut = (run: typeof before) => runForMovers(run, 'example.com');
    expect(moversBetween(cells, cut(before), cut(after), 'example.com', 10, rankInCut)).toEqual(
      movers,
    );
  });

  test('counts against the top N: a move from #3 to #5 outside a top 4 is lost', () => {
    const lower = testRun(tracker, 'r3', 0, [page('a', 'b', 'c', 'd', 'example.com')]);
    const higher = testRun(tracker, 'r4', 0, [page('a', 'b', 'example.com')]);
    expect(moversBetween(cells.slice(0, 1), higher, lower, 'example.com', 4)[0]!.move).toBe('lost');
    expect(moversBetween(cells.slice(0, 1), higher, lower, 'example.com', 10)[0]!.size).toBe(-2);
  });

  test('marks a change of the ranking URL', () => {
    const one = testRun(tracker, 'r5', 0, [
      [{ rank: 1, link: 'https://example.com/a', title: '' }],
    ]);
    const two = testRun(tracker, 'r6', 0, [
      [{ rank: 1, link: 'https://example.com/b', title: '' }],
    ]);
    expect(moversBetween(cells.slice(0, 1), one, two, 'example.com', 10)[0]).toMatchObject({
      move: 'unchanged',
      urlChanged: true,
    });
  });

  test('sorts entries and exits first, then by the size of the move; filters by locale', () => {
    const movers = moversBetween(cells, before, after, 'example.com', 10);
    expect(sortMovers(movers, 'size').map((m) => m.cell.query)).toEqual([
      'c',
      'd',
      'b',
      'a',
      'f',
      'e',
    ]);
    expect(sortMovers(movers, 'after').map((m) => m.after)).toEqual([1, 1, 1, 3, 3, null]);
    expect(sortMovers(movers, 'size', { locale: { country: 'gb', language: 'en' } })).toEqual([]);
  });

  test('property: every cell has one move, and reversing the runs mirrors it', () => {
    const domains = ['example.com', 'a.com', 'b.com', 'c.com', 'd.com'];
    const list = fc.oneof(
      fc.constant(null),
      fc.shuffledSubarray(domains).map((ds) => page(...ds)),
    );
    fc.assert(
      fc.property(
        fc.array(list, { minLength: 6, maxLength: 6 }),
        fc.array(list, { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        (l1, l2, topN) => {
          const r1 = testRun(tracker, 'x', 0, l1);
          const r2 = testRun(tracker, 'y', 1, l2);
          const forward = moversBetween(cells, r1, r2, 'example.com', topN);
          const back = moversBetween(cells, r2, r1, 'example.com', topN);
          const total = Object.values(countMoves(forward)).reduce((a, b) => a + b, 0);
          expect(total).toBe(cells.length);
          const mirror = { up: 'down', down: 'up', new: 'lost', lost: 'new' } as Record<
            string,
            string
          >;
          forward.forEach((m, i) => {
            expect(back[i]!.move).toBe(mirror[m.move] ?? m.move);
            expect(back[i]!.size).toBe(-m.size || 0);
          });
        },
      ),
    );
  });
});
