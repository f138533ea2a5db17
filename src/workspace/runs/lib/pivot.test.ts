import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { requestEndpoint } from '../../../api/requests.ts';
import type { SearchResponse } from '../../../api/schemas.ts';
import { domainRanks } from '../../../lib/links.ts';
import type { CellRun } from './cells.ts';
import { parseQueryLines } from './intake.ts';
import type { Locale } from './locale.ts';
import { buildMatrix, type BatchCell } from './matrix.ts';
import { buildPivot, pivotCompetitors, suggestCompetitors } from './pivot.ts';
import type { BatchAnswer } from './results.ts';

const US: Locale = { country: 'us', language: 'en' };
const DE: Locale = { country: 'de', language: 'de' };
const FR: Locale = { country: 'fr', language: 'fr' };

const searchCells = (queries: string[], locales: Locale[]) =>
  buildMatrix('search', parseQueryLines(queries.join('\n'), 'search').rows, locales).cells;

const page = (...links: string[]): BatchAnswer => ({
  endpoint: 'search',
  data: {
    organic_results: links.map((link, i) => ({
      link,
      title: `result ${i + 1}`,
      rank: i + 1,
      missing: [],
      extended_sitelinks: [],
    })),
  },
});

const answered: CellRun = {
  state: 'answered',
  at: Date.UTC(2026, 10, 24),
  durationMs: 300,
  credits: 20,
};

describe('the pivot', () => {
  const cells = searchCells(['coffee', 'tea'], [US, DE]);
  const [coffeeUs, coffeeDe, teaUs, teaDe] = cells as [BatchCell, BatchCell, BatchCell, BatchCell];
  const answers = new Map<string, BatchAnswer>([
    [
      coffeeUs.id,
      page(
        'https://rival.com/a',
        'https://shop.example.com/coffee',
        'https://www.example.com/coffee/',
        'https://other.org/',
      ),
    ],
    [coffeeDe.id, page('https://example.com/coffee', 'https://rival.com/b')],
    [teaUs.id, page('https://rival.com/t', 'https://other.org/t')],
  ]);
  const runs: Record<string, CellRun> = {
    [coffeeUs.id]: answered,
    [coffeeDe.id]: { state: 'cached', at: 1 },
    [teaUs.id]: answered,
    [teaDe.id]: { state: 'not-checked', reason: 'cap' },
  };
  const pivot = buildPivot({
    cells,
    locales: [US, DE],
    runs,
    answer: (cell) => answers.get(cell.id),
    target: 'https://WWW.Example.com/',
    // Typed without a scheme or www: the same page as https://www.example.com/coffee/.
    expectedUrl: 'example.com/coffee',
    competitors: ['rival.com', 'www.rival.com', 'example.com', 'other.org', ''],
  });

  test('shows the target’s best rank per keyword and locale, subdomains included, and the URL that ranks', () => {
    expect(pivot.target).toBe('example.com');
    expect(pivot.rows.map((r) => r.query)).toEqual(['coffee', 'tea']);
    const [us, de] = pivot.rows[0]!.cells;
    expect(us).toMatchObject({
      rank: 2,
      link: 'https://shop.example.com/coffee',
      unexpectedUrl: true,
    });
    expect(us!.view.text).toBe('#2');
    expect(de).toMatchObject({ rank: 1, link: 'https://example.com/coffee', unexpectedUrl: false });
    expect(de!.view.text).toBe('cached · #1 · 0 credits');
  });

  test('cells without the target, or without an answer, say which they are', () => {
    const [us, de] = pivot.rows[1]!.cells;
    expect(us).toMatchObject({ rank: null, link: null, unexpectedUrl: false });
    expect(us!.view.text).toBe('not in the results');
    expect(de!.view.text).toBe('not checked — stopped by the cap');
    expect(de!.competitors).toEqual([null, null]);
  });

  test('competitors are distinct bare domains other than the target, ranked from the same answers', () => {
    expect(pivot.competitors).toEqual(['rival.com', 'other.org']);
    expect(pivot.rows[0]!.cells.map((c) => c.competitors)).toEqual([
      [1, 4],
      [2, null],
    ]);
    expect(
      pivotCompetitors('a.com', ['b.com', 'c.com', 'd.com', 'e.com', 'f.com', 'g.com']),
    ).toHaveLength(5);
  });

  test('a keyword’s spread is between its best and worst locale, and counts where it is absent', () => {
    expect(pivot.rows[0]!.spread).toEqual({ best: 1, worst: 2, range: 1, unranked: 0 });
    expect(pivot.rows[1]!.spread).toEqual({ best: null, worst: null, range: null, unranked: 1 });
  });

  test('a locale’s average rank and top-3/top-10 shares count only keywords with an answer', () => {
    expect(pivot.summaries).toEqual([
      { locale: US, answered: 2, ranked: 1, averageRank: 2, top3: 0.5, top10: 0.5 },
      { locale: DE, answered: 1, ranked: 1, averageRank: 1, top3: 1, top10: 1 },
    ]);
  });

  test('suggests the domains that rank most often as competitors', () => {
    expect(suggestCompetitors(cells, runs, (c) => answers.get(c.id), 'example.com')).toEqual([
      'rival.com',
      'other.org',
    ]);
  });

  test('ranks exactly as the search view’s domain spotlight, and its summaries stay in range', () => {
    const domain = fc.constantFrom(
      'example.com',
      'shop.example.com',
      'rival.com',
      'other.org',
      'www.example.com',
    );
    const link = fc
      .tuple(domain, fc.constantFrom('a', 'b/', 'c?x=1'))
      .map(([d, p]) => `https://${d}/${p}`);
    fc.assert(
      fc.property(
        fc.array(fc.array(link, { maxLength: 12 }), { minLength: 4, maxLength: 4 }),
        (lists) => {
          const byId = new Map(cells.map((c, i) => [c.id, page(...lists[i]!)]));
          const all = Object.fromEntries(cells.map((c) => [c.id, answered]));
          const p = buildPivot({
            cells,
            locales: [US, DE],
            runs: all,
            answer: (c) => byId.get(c.id),
            target: 'example.com',
          });
          p.rows.forEach((row, r) =>
            row.cells.forEach((cell, l) => {
              const results = (byId.get(cells[r * 2 + l]!.id)!.data as SearchResponse)
                .organic_results;
              expect(cell.rank).toBe(domainRanks(results, 'example.com')[0] ?? null);
            }),
          );
          for (const s of p.summaries) {
            expect(s.answered).toBe(2);
            expect(s.top3! <= s.top10!).toBe(true);
            expect(s.top10!).toBeLessThanOrEqual(1);
            if (s.averageRank !== null) expect(s.averageRank).toBeGreaterThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe('a pivot of sandbox answers across locales', () => {
  test('one domain ranks in each locale from its language’s subdomain, and the expected URL is flagged elsewhere', async () => {
    const cells = searchCells(['coffee'], [US, DE, FR]);
    const answers = new Map<string, BatchAnswer>();
    for (const cell of cells) {
      const result = await requestEndpoint('search', cell.params, { apiKey: 'demo-key' });
      answers.set(cell.id, { endpoint: 'search', data: result.data });
    }
    const usLink = (answers.get(cells[0]!.id)!.data as SearchResponse).organic_results.find((r) =>
      r.link?.includes('wikipedia.org'),
    )?.link;
    const pivot = buildPivot({
      cells,
      locales: [US, DE, FR],
      runs: Object.fromEntries(cells.map((c) => [c.id, answered])),
      answer: (c) => answers.get(c.id),
      target: 'wikipedia.org',
      expectedUrl: usLink,
    });
    const row = pivot.rows[0]!;
    expect(row.cells.map((c) => (c.link === null ? null : new URL(c.link).host))).toEqual([
      'en.wikipedia.org',
      'de.wikipedia.org',
      'fr.wikipedia.org',
    ]);
    expect(row.cells.map((c) => c.unexpectedUrl)).toEqual([false, true, true]);
    expect(row.spread.best).toBeGreaterThanOrEqual(1);
  });
});

describe('the pivot drawn again while a batch runs', () => {
  const cells = searchCells(['coffee', 'tea'], [US, DE]);
  const [coffeeUs, , teaUs] = cells as [BatchCell, BatchCell, BatchCell, BatchCell];
  const answers = new Map<string, BatchAnswer>([
    [coffeeUs.id, page('https://example.com/coffee')],
    [teaUs.id, page('https://example.com/tea')],
  ]);
  const input = {
    cells,
    locales: [US, DE],
    answer: (cell: BatchCell) => answers.get(cell.id),
    target: 'example.com',
  };
  const before = buildPivot({ ...input, runs: { [coffeeUs.id]: answered } });

  test('keeps the rows whose cells did not change, and builds the one that did', () => {
    const after = buildPivot(
      { ...input, runs: { [coffeeUs.id]: answered, [teaUs.id]: answered } },
      before,
    );
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(after.rows[1]).not.toBe(before.rows[1]);
    expect(after.rows[1]!.cells[0]!.rank).toBe(1);
    expect(after.summaries[0]).toMatchObject({ answered: 2, ranked: 2 });
  });

  test('builds every row again for another target', () => {
    const after = buildPivot(
      { ...input, target: 'rival.com', runs: { [coffeeUs.id]: answered } },
      before,
    );
    expect(after.rows[0]).not.toBe(before.rows[0]);
    expect(after.rows[0]!.cells[0]!.rank).toBeNull();
  });
});
