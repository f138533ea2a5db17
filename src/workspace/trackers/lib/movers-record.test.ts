import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runForMovers } from './latest-movers.ts';
import { packMovers, packRun, unpackMovers, unpackRun } from './movers-record.ts';
import type { RunCell, TrackerRun } from './run.ts';

const run = (cells: Record<string, RunCell>): TrackerRun => ({
  id: 'r1',
  trackerId: 't',
  slot: null,
  startedAt: 1,
  finishedAt: 2,
  status: 'done',
  credits: 20,
  cells,
});

const cell: fc.Arbitrary<RunCell> = fc.oneof(
  fc.record({
    state: fc.constant('answered' as const),
    at: fc.integer({ min: 0 }),
    results: fc.array(
      fc.record({
        rank: fc.integer({ min: 1, max: 100 }),
        link: fc.oneof(fc.webUrl(), fc.string()),
        title: fc.string(),
      }),
      { maxLength: 4 },
    ),
  }),
  fc.record({
    state: fc.constant('failed' as const),
    status: fc.integer({ min: 400, max: 599 }),
    charged: fc.constantFrom('yes' as const, 'no' as const, 'unknown' as const),
  }),
  fc.constant({ state: 'not-checked' as const }),
);

describe('the latest movers record, packed (decision 128)', () => {
  test('a cut run reads back as it was cut, whatever its cells’ ids and links hold', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), cell), fc.string(), (cells, target) => {
        const cut = runForMovers(run(cells), target);
        expect(unpackRun(structuredClone(packRun(cut)))).toEqual(cut);
      }),
    );
  });

  test('holds an object per cell only for cells not answered', () => {
    const cells: Record<string, RunCell> = {};
    for (let i = 0; i < 1000; i++)
      cells[`search?query=k${i}`] =
        i === 7
          ? { state: 'failed', status: 500, charged: 'no' }
          : {
              state: 'answered',
              at: i,
              results: [{ rank: 1 + (i % 9), link: `https://example.com/${i}` }],
            };
    const packed = packMovers({
      target: 'example.com',
      to: runForMovers(run(cells), 'example.com'),
    });
    expect(Object.keys(packed.to.others)).toEqual(['search?query=k7']);
    expect(packed.to).not.toHaveProperty('cells');
    expect(packed).not.toHaveProperty('from');
    expect(unpackMovers(packed).to.cells['search?query=k8']).toEqual({
      state: 'answered',
      at: 8,
      results: [{ rank: 9, link: 'https://example.com/8' }],
    });
  });
});
