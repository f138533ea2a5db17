import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../../../test/parse-csv.ts';
import type { CellRun } from './cells.ts';
import { batchFileName, longCsv, longJson, longRows, pivotCsv } from './export.ts';
import { parseQueryLines } from './intake.ts';
import type { Locale } from './locale.ts';
import { buildMatrix } from './matrix.ts';
import { buildPivot } from './pivot.ts';
import type { BatchAnswer } from './results.ts';

const US: Locale = { country: 'us', language: 'en' };
const GB: Locale = { country: 'gb', language: 'en' };
const cells = buildMatrix('search', parseQueryLines('coffee\n=tea', 'search').rows, [US, GB]).cells;
const AT = Date.UTC(2026, 10, 24, 9, 30);
const answer: BatchAnswer = {
  endpoint: 'search',
  data: {
    organic_results: [
      {
        title: 'Rival, "best"',
        link: 'https://www.rival.com/a',
        rank: 1,
        missing: [],
        extended_sitelinks: [],
      },
      {
        title: 'Ours',
        link: 'https://example.com/coffee',
        rank: 2,
        missing: [],
        extended_sitelinks: [],
      },
    ],
  },
};
const runs: Record<string, CellRun> = {
  [cells[0]!.id]: { state: 'answered', at: AT, durationMs: 1, credits: 20 },
  [cells[1]!.id]: { state: 'cached', at: AT },
  [cells[2]!.id]: { state: 'answered', at: AT, durationMs: 1, credits: 20 },
  [cells[3]!.id]: {
    state: 'failed',
    at: AT,
    error: { title: 'x', status: 500, excerpt: '' },
    charged: 'unknown',
    credits: 20,
  },
};
const answerOf = (cell: (typeof cells)[number]) =>
  runs[cell.id]?.state === 'failed' ? undefined : answer;

describe('batch exports', () => {
  test('the pivot CSV has a row per keyword, each cell’s rank or state, and the locale summaries', () => {
    const pivot = buildPivot({
      cells,
      locales: [US, GB],
      runs,
      answer: answerOf,
      target: 'example.com',
      expectedUrl: 'https://example.com/coffee',
      competitors: ['rival.com'],
    });
    const table = parseCsv(pivotCsv(pivot));
    expect(table[0]!.join(',')).toBe(
      'query,us_en rank,us_en url,us_en expected url,us_en rival.com,gb_en rank,gb_en url,gb_en expected url,gb_en rival.com,best rank,worst rank,spread,locales not ranked',
    );
    // Every row as wide as the header, the summaries too.
    expect(table.map((r) => r.length)).toEqual(table.map(() => table[0]!.length));
    expect(table[1]).toEqual([
      'coffee',
      '2',
      'https://example.com/coffee',
      'true',
      '1',
      '2',
      'https://example.com/coffee',
      'true',
      '1',
      '2',
      '2',
      '0',
      '0',
    ]);
    // A query that reads like a formula is defused; a failed cell says what it is.
    expect(table[2]!.slice(0, 6)).toEqual([
      "'=tea",
      '2',
      'https://example.com/coffee',
      'true',
      '1',
      'failed — HTTP 500 · credits may have been spent',
    ]);
    expect(table.slice(3).map((r) => r.slice(0, 2).concat(r[5]!))).toEqual([
      ['(average rank)', '2', '2'],
      ['(share in top 3)', '1', '1'],
      ['(share in top 10)', '1', '1'],
      ['(keywords answered)', '2', '1'],
    ]);
  });

  test('the pivot CSV has no expected-URL column when no expected URL was given', () => {
    const pivot = buildPivot({
      cells,
      locales: [US],
      runs,
      answer: answerOf,
      target: 'example.com',
    });
    const table = parseCsv(pivotCsv(pivot));
    expect(table[0]).toEqual([
      'query',
      'us_en rank',
      'us_en url',
      'best rank',
      'worst rank',
      'spread',
      'locales not ranked',
    ]);
    expect(table[1]).toEqual(['coffee', '2', 'https://example.com/coffee', '2', '2', '0', '0']);
    expect(table.every((r) => r.length === 7 && !r.includes('true'))).toBe(true);
  });

  test('the long format has one row per result with its query, locale, rank, domain and run time', () => {
    const rows = longRows(cells, runs, answerOf);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      query: 'coffee',
      country: 'us',
      language: 'en',
      rank: 1,
      title: 'Rival, "best"',
      link: 'https://www.rival.com/a',
      domain: 'rival.com',
      run_time: '2026-11-24T09:30:00.000Z',
    });
    const csv = parseCsv(longCsv(rows));
    expect(csv[0]!.join(',')).toBe('query,country,language,rank,title,link,domain,run_time');
    expect(csv[1]).toEqual([
      'coffee',
      'us',
      'en',
      '1',
      'Rival, "best"',
      'https://www.rival.com/a',
      'rival.com',
      '2026-11-24T09:30:00.000Z',
    ]);
    expect(JSON.parse(longJson(rows))).toEqual(rows);
  });

  test('file names say what they hold and when', () => {
    const now = new Date(2026, 10, 24);
    expect(batchFileName('pivot', 'csv', 'www.Example.com', now)).toBe(
      'batch-pivot_www-example-com_2026-11-24.csv',
    );
    expect(batchFileName('results', 'json', '', now)).toBe('batch-results_2026-11-24.json');
    expect(batchFileName('definition', 'json', '', now)).toBe('batch_2026-11-24.batch.json');
  });
});
