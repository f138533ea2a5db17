import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import {
  afterReload,
  cellError,
  cellsToResume,
  cellsToRetry,
  cellView,
  countCells,
  creditsSpent,
  type CellRun,
} from './cells.ts';
import { parseQueryLines } from './intake.ts';
import { buildMatrix } from './matrix.ts';

const failed = (status: number): CellRun => ({
  state: 'failed',
  at: 1,
  ...cellError(new ApiError({ kind: 'http', status, endpoint: '/search' })),
  credits: status === 404 ? 20 : 0,
});

const EVERY_STATE: [CellRun | undefined, { rank: number } | null | undefined, string][] = [
  [{ state: 'answered', at: 1, durationMs: 5, credits: 20 }, { rank: 3 }, '#3'],
  [{ state: 'answered', at: 1, durationMs: 5, credits: 20 }, null, 'not in the results'],
  [{ state: 'answered', at: 1, durationMs: 5, credits: 2 }, undefined, 'answered · 2 credits'],
  [{ state: 'cached', at: 1 }, { rank: 1 }, 'cached · #1 · 0 credits'],
  [{ state: 'cached', at: 1 }, null, 'cached · not in the results · 0 credits'],
  [{ state: 'running', startedAt: 1 }, undefined, 'running…'],
  [{ state: 'waiting' }, undefined, 'waiting'],
  [{ state: 'not-checked', reason: 'cancelled' }, undefined, 'not checked — cancelled'],
  [{ state: 'not-checked', reason: 'cap' }, undefined, 'not checked — stopped by the cap'],
  [{ state: 'not-checked', reason: 'fatal' }, undefined, 'not checked — the run stopped'],
  [undefined, undefined, 'not checked — never sent'],
  [failed(500), undefined, 'failed — HTTP 500 · credits may have been spent'],
  [failed(404), undefined, 'failed — HTTP 404 · credits spent'],
  [failed(400), undefined, 'failed — HTTP 400 · no credits spent'],
  [{ state: 'interrupted', startedAt: 1 }, undefined, 'interrupted — may have been charged'],
];

describe('cell states', () => {
  test.each(EVERY_STATE)('%o with target %o reads “%s”', (run, target, text) => {
    expect(cellView(run, target).text).toBe(text);
  });

  test('no two states read alike, and each is counted under its own kind (a cached cell by what it says of the target)', () => {
    const views = EVERY_STATE.map(([run, target]) => cellView(run, target));
    expect(new Set(views.map((v) => v.text)).size).toBe(views.length);
    expect(countCells(views)).toEqual({
      ranked: 2,
      unranked: 2,
      answered: 1,
      cached: 0,
      running: 1,
      waiting: 1,
      'not-checked': 4,
      failed: 3,
      interrupted: 1,
    });
    expect(countCells([cellView({ state: 'cached', at: 1 })]).cached).toBe(1);
  });

  test('a failure keeps its text and never the request’s address', () => {
    const { error, charged } = cellError(
      new ApiError({ kind: 'http', status: 503, endpoint: '/search', bodyExcerpt: 'busy' }),
    );
    expect(error).toEqual({
      title: expect.stringMatching(/HTTP 503/),
      status: 503,
      excerpt: 'busy',
    });
    expect(charged).toBe('unknown');
    expect(cellError(new Error('Query is required.'))).toEqual({
      error: { title: 'Query is required.', excerpt: '' },
      charged: 'no',
    });
  });
});

describe('reload, resume and retry', () => {
  const cells = buildMatrix('search', parseQueryLines('a\nb\nc\nd\ne\nf', 'search').rows, [
    { country: 'us', language: 'en' },
  ]).cells;
  const [a, b, c, d, e] = cells.map((cell) => cell.id);
  const stored: Record<string, CellRun> = {
    [a!]: { state: 'answered', at: 1, durationMs: 1, credits: 20 },
    [b!]: { state: 'running', startedAt: 1 },
    [c!]: { state: 'waiting' },
    [d!]: failed(500),
    [e!]: { state: 'not-checked', reason: 'cap' },
  };

  test('a reload turns what ran into interrupted and what waited into never sent', () => {
    const reopened = afterReload(stored);
    expect(reopened[b!]).toEqual({ state: 'interrupted', startedAt: 1 });
    expect(reopened[c!]).toEqual({ state: 'not-checked', reason: 'never-sent' });
    expect(reopened[a!]).toBe(stored[a!]);
  });

  test('Resume sends only what was never sent; Retry failed the failures, interrupted ones only when asked', () => {
    const reopened = afterReload(stored);
    expect(cellsToResume(cells, reopened).map((x) => x.query)).toEqual(['c', 'e', 'f']);
    expect(cellsToRetry(cells, reopened).map((x) => x.query)).toEqual(['d']);
    expect(cellsToRetry(cells, reopened, { interrupted: true }).map((x) => x.query)).toEqual([
      'b',
      'd',
    ]);
  });

  test('credits spent add what answered and what failed charged', () => {
    expect(creditsSpent({ ...stored, x: failed(404) })).toBe(40);
  });
});
