import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ENDPOINTS } from '../../../api/endpoints.ts';
import { validateParams } from '../../../api/params.ts';
import { parseQueryCsv, parseQueryLines, type Intake } from './intake.ts';
import { checkLocale, localeLabel, type Locale } from './locale.ts';
import { buildMatrix, cellId, cellOfId } from './matrix.ts';

const GB: Locale = { country: 'gb', language: 'en' };
const DE: Locale = { country: 'de', language: 'de' };

describe('locales', () => {
  test('are checked with the endpoint’s own fields, spelt one way, defaults for empty parts', () => {
    expect(checkLocale('search', { country: 'GB', language: 'PT-br' })).toEqual({
      locale: { country: 'gb', language: 'pt-BR' },
    });
    expect(checkLocale('shorts', {})).toEqual({ locale: { country: 'us', language: 'en' } });
    expect(checkLocale('search', { country: 'gbr', language: '' })).toEqual({
      errors: ['Use a two-letter country code such as us or gb.'],
    });
    expect(localeLabel(GB)).toBe('GB · en');
  });
});

describe('the matrix', () => {
  test('a cell id names its query and locale again', () => {
    const { rows } = parseQueryLines('café & crème +1\ntea', 'search');
    for (const cell of buildMatrix('search', rows, [GB, DE]).cells)
      expect(cellOfId(cell.id)).toEqual({
        id: cell.id,
        query: cell.query,
        locale: cell.locale,
        params: cell.params,
      });
    expect(cellOfId('search?query=tea')).toBeNull();
    expect(cellOfId('nonsense')).toBeNull();
  });

  test('is every query at every locale, one request each, each query across its locales', () => {
    const { rows } = parseQueryLines('coffee\ntea', 'search');
    const matrix = buildMatrix('search', rows, [GB, DE, { ...GB }]);
    expect(matrix.cells.map((c) => [c.query, c.locale.country])).toEqual([
      ['coffee', 'gb'],
      ['coffee', 'de'],
      ['tea', 'gb'],
      ['tea', 'de'],
    ]);
    expect(matrix.locales).toEqual([GB, DE]);
    expect(matrix.cells[0]).toEqual({
      id: 'search?country=gb&language=en&query=coffee',
      endpoint: 'search',
      query: 'coffee',
      locale: GB,
      params: { query: 'coffee', country: 'gb', language: 'en' },
    });
  });

  test('a CSV row with its own locale is one cell there, and adds its column', () => {
    const { rows } = parseQueryCsv(
      'query,country,language\ncoffee,fr,fr\ntea,,',
      'search',
    ) as Intake;
    const matrix = buildMatrix('search', rows, [GB]);
    expect(matrix.cells.map((c) => c.id)).toEqual([
      'search?country=fr&language=fr&query=coffee',
      'search?country=gb&language=en&query=tea',
    ]);
    expect(matrix.locales).toEqual([GB, { country: 'fr', language: 'fr' }]);
  });

  test('a row asking for a cell another row already asks for is counted, not sent twice', () => {
    const { rows } = parseQueryCsv(
      'query,country,language\ncoffee,gb,en\ncoffee,,',
      'search',
    ) as Intake;
    const matrix = buildMatrix('search', rows, [GB, DE]);
    expect(matrix.cells.map((c) => c.id)).toEqual([
      'search?country=gb&language=en&query=coffee',
      'search?country=de&language=de&query=coffee',
    ]);
    expect(matrix.duplicates).toBe(1);
  });

  test('ids do not depend on the order of parameters', () => {
    expect(cellId('shorts', { start: '10', query: 'a b' })).toBe(
      cellId('shorts', { query: 'a b', start: '10' }),
    );
    expect(cellId('shorts', { query: 'a&b=c' })).toBe('shorts?query=a%26b%3Dc');
  });

  test('has rows × locales distinct cells, each one a request the catalogue accepts', () => {
    const locale = fc
      .record({
        country: fc.constantFrom('us', 'GB', 'de', 'fr', 'jp'),
        language: fc.constantFrom('en', 'de', 'FR', 'pt-br', ''),
      })
      .map((l) => checkLocale('autocomplete', l))
      .filter((c): c is { locale: Locale } => 'locale' in c)
      .map((c) => c.locale);
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 15 }),
        fc.array(locale, { maxLength: 5 }),
        (lines, locales) => {
          const { rows } = parseQueryLines(lines.join('\n'), 'autocomplete');
          const matrix = buildMatrix('autocomplete', rows, locales);
          expect(matrix.cells.length).toBe(rows.length * matrix.locales.length);
          expect(new Set(matrix.cells.map((c) => c.id)).size).toBe(matrix.cells.length);
          for (const cell of matrix.cells)
            expect(validateParams(ENDPOINTS.autocomplete, cell.params).ok).toBe(true);
        },
      ),
    );
  });
});
