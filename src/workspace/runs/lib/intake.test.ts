import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toCsv } from '../../../lib/csv.ts';
import { parseQueryCsv, parseQueryLines, queryIdentity, type Intake } from './intake.ts';

const intake = (result: Intake | { error: string }): Intake => {
  if ('error' in result) throw new Error(result.error);
  return result;
};

describe('the Queries textarea', () => {
  test('trims lines, drops blank ones and repeats, and counts both', () => {
    const result = parseQueryLines(
      '  coffee \n\n   \nTea\r\ncoffee\ncoffee  beans\nCOFFEE\r\n',
      'search',
    );
    expect(result.rows.map((r) => [r.query, r.line])).toEqual([
      ['coffee', 1],
      ['Tea', 4],
      ['coffee  beans', 6],
    ]);
    expect(result).toMatchObject({ blank: 2, duplicates: 2, refused: [] });
  });

  test('refuses a line the catalogue would refuse, with its reason and line', () => {
    const long = 'x'.repeat(2049);
    const result = parseQueryLines(`ok\n${long}\nbad \uD800 surrogate`, 'autocomplete');
    expect(result.rows.map((r) => r.query)).toEqual(['ok']);
    expect(result.refused).toEqual([
      { line: 2, text: long, reasons: ['Query is too long (at most 2048 characters).'] },
      {
        line: 3,
        text: 'bad \uD800 surrogate',
        reasons: ['Query contains a character that cannot be sent.'],
      },
    ]);
  });

  test('every line is a row, blank, a repeat or refused, and no two rows are the same query', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom('', ' ', 'a', 'A ', ' b', 'x'.repeat(3000)), fc.string()),
          {
            maxLength: 40,
          },
        ),
        (lines) => {
          const clean = lines.map((l) => l.replace(/[\r\n]/g, ' '));
          const result = parseQueryLines(clean.map((l) => `${l}\n`).join(''), 'search');
          expect(
            result.rows.length + result.blank + result.duplicates + result.refused.length,
          ).toBe(clean.length);
          const identities = result.rows.map((r) => queryIdentity(r.query));
          expect(new Set(identities).size).toBe(identities.length);
          for (const row of result.rows) {
            expect(row.query).toBe(row.query.trim());
            expect(row.query).not.toBe('');
          }
        },
      ),
    );
  });
});

describe('a CSV file', () => {
  test('reads columns named like the parameters, checking every value of every line', () => {
    const file = [
      'Query,Country,language',
      'coffee,gb,en',
      'tea,,',
      'kaffee,DE,de',
      'bad,xyz,en',
      'worse,gb,english',
      ',us,en',
      '',
    ].join('\n');
    const result = intake(parseQueryCsv(file, 'search'));
    expect(result.rows).toEqual([
      { query: 'coffee', params: {}, locale: { country: 'gb', language: 'en' }, line: 2 },
      { query: 'tea', params: {}, line: 3 },
      { query: 'kaffee', params: {}, locale: { country: 'de', language: 'de' }, line: 4 },
    ]);
    expect(result.refused).toEqual([
      { line: 5, text: 'bad,xyz,en', reasons: ['Use a two-letter country code such as us or gb.'] },
      {
        line: 6,
        text: 'worse,gb,english',
        reasons: ['Use a short language code such as en, fr or pt-BR.'],
      },
      { line: 7, text: ',us,en', reasons: ['Query is required.'] },
    ]);
  });

  test('a row with only a country takes the interface’s default language', () => {
    const result = intake(parseQueryCsv('query,country\ncoffee,fr', 'autocomplete'));
    expect(result.rows[0]!.locale).toEqual({ country: 'fr', language: 'en' });
  });

  test('shorts rows carry the endpoint’s other parameters, checked as its form checks them', () => {
    const file = 'query,safe,start,nfpr\ncats,ACTIVE,10,on\ndogs,maybe,5,\nbirds,,-1,';
    const result = intake(parseQueryCsv(file, 'shorts'));
    expect(result.rows).toEqual([
      { query: 'cats', params: { safe: 'ACTIVE', start: '10', nfpr: 'on' }, line: 2 },
    ]);
    expect(result.refused.map((r) => [r.line, r.reasons])).toEqual([
      [3, ['SafeSearch must be one of active, off.']],
      [4, ['Skip results (start) must be a whole number from 0 to 1000.']],
    ]);
  });

  test('ignores columns the endpoint does not know, an api_key column above all, and says so', () => {
    const result = intake(
      parseQueryCsv('query,api_key,notes,html\ncoffee,secret-key,x,true', 'shorts'),
    );
    expect(result.rows).toEqual([{ query: 'coffee', params: {}, line: 2 }]);
    expect(JSON.stringify(result.rows)).not.toContain('secret-key');
    expect(result.notes).toEqual([
      'The api_key column is ignored: a key is never read from a file.',
      expect.stringMatching(/^Ignored columns \(not parameters of Short videos\): notes, html\./),
    ]);
  });

  test('refuses a line with more values than columns, and repeats as the textarea does', () => {
    const result = intake(
      parseQueryCsv('query;country\ncoffee;gb;extra\ntea;gb\nTea;GB\n', 'search'),
    );
    expect(result.refused).toEqual([
      { line: 2, text: 'coffee,gb,extra', reasons: ['It has 3 values for 2 columns.'] },
    ]);
    expect(result).toMatchObject({ duplicates: 1, rows: [{ query: 'tea' }] });
  });

  test('a file it cannot read gets one message', () => {
    expect(parseQueryCsv('', 'search')).toEqual({ error: 'The file is empty.' });
    expect(parseQueryCsv('keyword,country\ncoffee,gb', 'search')).toEqual({
      error:
        'The file has no query column. Name the columns in its first line like the parameters of Search: query, country, language.',
    });
    expect(parseQueryCsv('query,query\na,b', 'search')).toEqual({
      error: 'The column query appears twice in the first line.',
    });
  });

  test('a query column reads exactly as the same lines typed in the textarea', () => {
    const query = fc.string().filter((s) => !/[\r\n]/.test(s) && !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(query, { maxLength: 30 }), (queries) => {
        const typed = parseQueryLines(queries.join('\n'), 'search');
        const file = intake(
          parseQueryCsv(
            toCsv(
              ['query'],
              queries.map((q) => [q]),
            ),
            'search',
          ),
        );
        const strip = (r: Intake) => r.rows.map(({ query, params }) => ({ query, params }));
        expect(strip(file)).toEqual(strip(typed));
        expect(file.refused.map((r) => r.reasons)).toEqual(typed.refused.map((r) => r.reasons));
      }),
    );
  });
});
