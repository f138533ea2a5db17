import { describe, expect, test } from 'vitest';
import { evaluateAlerts } from './alerts.ts';
import { positionHistory } from './history.ts';
import { trackerLongRows } from './long-export.ts';
import { moversBetween } from './movers.ts';
import { page, testRun, testTracker } from './test-runs.ts';
import {
  cellChange,
  cellsToAsk,
  checkScope,
  editTracker,
  scopeDraft,
  trackerMatrix,
  type ScopeDraft,
  type Tracker,
} from './tracker.ts';

const US = { country: 'us', language: 'en' };
const GB = { country: 'gb', language: 'en' };

/** The tracker after its form is saved with `change`: throws when the form would refuse it. */
function edited(tracker: Tracker, change: Partial<ScopeDraft>): Tracker {
  const { scope, errors } = checkScope(tracker, { ...scopeDraft(tracker), ...change });
  if (!scope) throw new Error(JSON.stringify(errors));
  return editTracker(tracker, scope);
}

const ids = (t: Tracker) => trackerMatrix(t).cells.map((c) => c.id);

describe('editing what a tracker tracks', () => {
  const tracker = testTracker(['coffee', 'tea']);

  test('its form starts from the tracker, and saving it unchanged changes no cell', () => {
    expect(scopeDraft(tracker)).toEqual({
      target: 'example.com',
      competitors: 'rival.com',
      queries: 'coffee\ntea',
      locales: [US],
    });
    const same = edited(tracker, {});
    expect(ids(same)).toEqual(ids(tracker));
    expect(cellChange(tracker, same)).toEqual({ added: 0, kept: 2, removed: 0 });
  });

  test('a new target, query and locale make new cells; a kept query at a kept locale keeps its id', () => {
    const next = edited(tracker, {
      target: 'https://www.Other.org/home',
      queries: 'coffee\ntea\nespresso',
      locales: [US, { country: 'GB', language: '' }],
    });
    expect(next).toMatchObject({ id: tracker.id, target: 'other.org', locales: [US, GB] });
    expect(trackerMatrix(next).cells.map((c) => `${c.query} ${c.locale.country}`)).toEqual([
      'coffee us',
      'coffee gb',
      'tea us',
      'tea gb',
      'espresso us',
      'espresso gb',
    ]);
    expect(ids(next)).toEqual(expect.arrayContaining(ids(tracker)));
    expect(cellChange(tracker, next)).toEqual({ added: 4, kept: 2, removed: 0 });
    // Its schedule, caps and alert rules are the tracker's own still.
    const { rows: _r, locales: _l, target: _t, competitors: _c, ...rest } = next;
    const { rows: _r0, locales: _l0, target: _t0, competitors: _c0, ...before } = tracker;
    expect(rest).toEqual(before);
  });

  test('removing a query or a locale drops its cells and keeps the others', () => {
    const two = edited(tracker, { locales: [US, GB] });
    const next = edited(two, { queries: 'tea', locales: [GB] });
    expect(trackerMatrix(next).cells.map((c) => c.id)).toEqual([
      'search?country=gb&language=en&query=tea',
    ]);
    expect(cellChange(two, next)).toEqual({ added: 0, kept: 1, removed: 3 });
  });

  test('the queries are read as the batch reads them: blanks and repeats dropped and counted', () => {
    const { intake, scope } = checkScope(tracker, {
      ...scopeDraft(tracker),
      queries: '\ncoffee\n  COFFEE \n\ntea\ntea\n',
    });
    expect(intake).toMatchObject({ blank: 2, duplicates: 2, refused: [] });
    expect(scope?.rows.map((r) => r.query)).toEqual(['coffee', 'tea']);
  });

  test('a query already tracked keeps its row as it was: its spelling, its own locale and parameters', () => {
    const csv: Tracker = {
      ...tracker,
      rows: [
        { query: 'Coffee', params: {} },
        { query: 'tea', params: {}, locale: GB },
      ],
    };
    const next = edited(csv, { queries: 'coffee\ntea\nmate' });
    expect(next.rows).toEqual([
      { query: 'Coffee', params: {} },
      { query: 'tea', params: {}, locale: GB },
      { query: 'mate', params: {} },
    ]);
    expect(scopeDraft(csv).queries).toBe('Coffee\ntea');
  });

  test('a refused line, no query or no locale saves nothing and says why beside the field', () => {
    const refused = checkScope(tracker, {
      ...scopeDraft(tracker),
      queries: `coffee\n${'x'.repeat(2049)}`,
    });
    expect(refused.scope).toBeNull();
    expect(refused.errors.queries).toBe('Fix or remove the refused line below.');
    expect(refused.intake.refused).toEqual([
      {
        line: 2,
        text: 'x'.repeat(2049),
        reasons: ['Query is too long (at most 2048 characters).'],
      },
    ]);

    const none = checkScope(tracker, { ...scopeDraft(tracker), queries: ' \n\n' });
    expect(none).toMatchObject({
      scope: null,
      errors: { queries: 'A tracker needs at least one query.' },
    });

    const noLocale = checkScope(tracker, { ...scopeDraft(tracker), locales: [] });
    expect(noLocale).toMatchObject({
      scope: null,
      errors: { locales: 'A tracker needs at least one locale.' },
    });

    const badLocale = checkScope(tracker, {
      ...scopeDraft(tracker),
      locales: [US, { country: 'gbr', language: 'en' }],
    });
    expect(badLocale.scope).toBeNull();
    expect(badLocale.errors.localeFields).toEqual([
      [],
      ['Use a two-letter country code such as us or gb.'],
    ]);
    expect(badLocale.errors.locales).toBeUndefined();
  });

  test('the target must be a domain; the competitors at most five domains, without the target or repeats', () => {
    const check = (change: Partial<ScopeDraft>) =>
      checkScope(tracker, { ...scopeDraft(tracker), ...change });
    expect(check({ target: ' ' }).errors.target).toBe(
      'Type the domain whose ranks this tracker follows, like example.com.',
    );
    expect(check({ target: 'example' })).toMatchObject({
      scope: null,
      errors: { target: '“example” is not a domain: write it like example.com.' },
    });
    expect(check({ competitors: 'a.com, not a domain' })).toMatchObject({
      scope: null,
      errors: {
        competitors:
          'Not domains: “not”, “a”, “domain”. Write each like rival.com, with commas between them.',
      },
    });
    expect(check({ competitors: 'a.com b.com c.com d.com e.com f.com' })).toMatchObject({
      scope: null,
      errors: { competitors: 'At most 5 competitors (the pivot’s columns): 6 given.' },
    });
    const ok = check({
      competitors: 'www.a.com, A.com\nexample.com b.com, c.com, d.com, https://e.com/x',
    });
    expect(ok.scope?.competitors).toEqual(['a.com', 'b.com', 'c.com', 'd.com', 'e.com']);
    expect(ok.errors).toEqual({ localeFields: [[]] });
  });
});

describe('history across an edit', () => {
  const before = testTracker(['coffee', 'tea']);
  const after = edited(before, { queries: 'tea\nmate' });
  const [, teaCell, mateCell] = [...trackerMatrix(before).cells, trackerMatrix(after).cells[1]!];
  const old = testRun(before, 'r1', 1_000, [page('example.com'), page('x.com', 'example.com')]);
  const next = testRun(after, 'r2', 2_000, [page('example.com'), page('example.com')]);

  test('movers list the tracker’s cells now: a kept cell moves, an added one is not checked before, a removed one is gone', () => {
    const movers = moversBetween(trackerMatrix(after).cells, old, next, 'example.com', 10);
    expect(movers.map((m) => [m.cell.query, m.move, m.before, m.after])).toEqual([
      ['tea', 'up', 2, 1],
      ['mate', 'not-checked', undefined, 1],
    ]);
    expect(
      evaluateAlerts({
        trackerId: after.id,
        rules: after.alerts,
        cells: trackerMatrix(after).cells,
        previous: old,
        current: next,
        target: after.target,
        competitors: after.competitors,
      }),
    ).toEqual([]);
  });

  test('a kept cell’s chart spans both runs; an added one starts at its first run', () => {
    expect(
      positionHistory([old, next], teaCell!.id, 'example.com').points.map((p) => p.kind),
    ).toEqual(['ranked', 'ranked']);
    expect(
      positionHistory([old, next], mateCell!.id, 'example.com').points.map((p) => p.kind),
    ).toEqual(['not-checked', 'ranked']);
  });

  test('the history export keeps the results of cells the tracker no longer asks', () => {
    const rows = trackerLongRows(after, [old, next]);
    expect(rows.map((r) => `${r.run_id} ${r.query} ${r.country} #${r.rank}`)).toEqual([
      'r1 tea us #1',
      'r1 tea us #2',
      'r1 coffee us #1',
      'r2 tea us #1',
      'r2 mate us #1',
    ]);
  });

  test('a run counts the cells it was to ask, whatever the tracker asks today', () => {
    expect(cellsToAsk(old, 5)).toBe(2);
    expect(cellsToAsk({ ...old, status: 'running', cells: {} }, 5)).toBe(5);
    // Cut short by a closed tab: only what it sent is recorded.
    expect(
      cellsToAsk({ ...old, status: 'stopped', cells: { a: { state: 'not-checked' } } }, 5),
    ).toBe(1);
    expect(
      cellsToAsk(
        { ...old, status: 'stopped', cells: { a: { state: 'failed', charged: 'unknown' } } },
        5,
      ),
    ).toBe(5);
  });
});
