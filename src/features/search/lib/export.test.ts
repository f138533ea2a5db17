import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { OrganicResult } from '../../../api/schemas.ts';
import { parseCsv } from '../../../../test/parse-csv.ts';
import { comparisonFileName, resultsFileName, resultsToCsv } from './export.ts';
import { diffRanks } from '../../../lib/rank-diff.ts';
import { comparisonToCsv } from './export.ts';

const full: OrganicResult = {
  rank: 1,
  title: 'Coffee, "the" drink',
  link: 'https://a.example/coffee',
  displayed_link: 'https://a.example › coffee',
  snippet: 'All about coffee',
  date: 'Mar 4, 2025',
  missing: ['beans'],
  extended_sitelinks: [
    { title: 'History', link: 'https://a.example/history' },
    { title: 'Brewing', link: 'https://a.example/brewing' },
  ],
  position_label: 'top',
};

describe('resultsToCsv', () => {
  test('writes every field with sitelinks flattened into title/link pairs', () => {
    const second: OrganicResult = {
      rank: 2,
      title: '=cmd',
      link: 'https://b.example',
      missing: [],
      extended_sitelinks: [],
      date: '',
    };
    const rows = parseCsv(resultsToCsv([full, second]));
    expect(rows[0]).toEqual([
      'rank',
      'title',
      'link',
      'displayed_link',
      'snippet',
      'date',
      'missing',
      'sitelinks_count',
      'sitelink_1_title',
      'sitelink_1_link',
      'sitelink_2_title',
      'sitelink_2_link',
      'position_label',
    ]);
    expect(rows[1]).toEqual([
      '1',
      'Coffee, "the" drink',
      'https://a.example/coffee',
      'https://a.example › coffee',
      'All about coffee',
      'Mar 4, 2025',
      'beans',
      '2',
      'History',
      'https://a.example/history',
      'Brewing',
      'https://a.example/brewing',
      'top',
    ]);
    expect(rows[2]?.slice(0, 2)).toEqual(['2', "'=cmd"]);
    expect(rows).toHaveLength(3);
  });

  test('any result list gives one row per result, all of the header width', () => {
    const text = fc.string({ unit: 'binary', maxLength: 30 });
    const resultArb = fc.record({
      rank: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
      title: fc.option(text, { nil: undefined }),
      link: fc.option(fc.webUrl(), { nil: undefined }),
      snippet: fc.option(text, { nil: undefined }),
      date: fc.option(text, { nil: undefined }),
      missing: fc.array(text, { maxLength: 3 }),
      extended_sitelinks: fc.array(fc.record({ title: text, link: fc.webUrl() }), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(resultArb, { maxLength: 15 }), (results) => {
        const rows = parseCsv(resultsToCsv(results));
        expect(rows).toHaveLength(results.length + 1);
        for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
      }),
    );
  });
});

describe('comparison export', () => {
  test('lists each link once with both ranks and its change', () => {
    const a = [
      { ...full, rank: 1 },
      { rank: 2, link: 'https://gone.example', title: 'Gone', missing: [], extended_sitelinks: [] },
    ];
    const b = [
      { rank: 1, link: 'https://new.example', title: 'New', missing: [], extended_sitelinks: [] },
      { ...full, rank: 2 },
    ];
    const rows = parseCsv(comparisonToCsv(diffRanks(a, b), 'us_en', 'gb_en'));
    expect(rows[0]).toEqual([
      'link',
      'title',
      'rank_us_en',
      'rank_gb_en',
      'change',
      'places_gained',
    ]);
    expect(rows.slice(1)).toEqual([
      ['https://a.example/coffee', 'Coffee, "the" drink', '1', '2', 'down', '-1'],
      ['https://gone.example', 'Gone', '2', '', 'dropped', ''],
      ['https://new.example', 'New', '', '1', 'new', ''],
    ]);
  });
});

describe('file names', () => {
  test('carry the query, country, language and date', () => {
    const day = new Date(2026, 10, 21);
    expect(
      resultsFileName({ query: 'Best café in Paris?', country: 'fr', language: 'fr' }, 'csv', day),
    ).toBe('search_best-cafe-in-paris_fr_fr_2026-11-21.csv');
    expect(
      comparisonFileName(
        { query: 'coffee', country: 'us', language: 'en' },
        { query: 'coffee', country: 'gb', language: 'en' },
        'json',
        day,
      ),
    ).toBe('search-compare_coffee_us-en_vs_gb-en_2026-11-21.json');
  });
});
