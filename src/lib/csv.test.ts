import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../test/parse-csv.ts';
import { csvCell, parseCsv as parseRecords, sniffDelimiter, toCsv } from './csv.ts';

describe('csv', () => {
  test('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  test('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell(-1)).toBe('-1');
  });

  test('round-trips any table: same rows, same cells (formula prefix aside)', () => {
    const cell = fc.string({ unit: 'binary' }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 20 }),
        (cols, rows) => {
          const header = Array.from({ length: cols }, (_, i) => `c${i}`);
          const table = rows.map((r) => r.slice(0, cols));
          const parsed = parseCsv(toCsv(header, table));
          expect(parsed).toEqual([header, ...table]);
        },
      ),
    );
  });
});

describe('parseCsv', () => {
  test('reads quoted cells across lines and says where each record starts', () => {
    const text = '\uFEFFquery,country\r\n"two\nlines",gb\n"say ""hi""",de\rlast,us';
    expect(parseRecords(text)).toEqual([
      { cells: ['query', 'country'], line: 1 },
      { cells: ['two\nlines', 'gb'], line: 2 },
      { cells: ['say "hi"', 'de'], line: 4 },
      { cells: ['last', 'us'], line: 5 },
    ]);
  });

  test('keeps blank lines as records and makes none after the last line end', () => {
    expect(parseRecords('a\n\nb\n').map((r) => r.cells)).toEqual([['a'], [''], ['b']]);
  });

  test('reads files saved with semicolons or tabs', () => {
    expect(sniffDelimiter('query;country\nkaffee;de')).toBe(';');
    expect(sniffDelimiter('query\tcountry')).toBe('\t');
    expect(sniffDelimiter('"a;b",c')).toBe(',');
    expect(sniffDelimiter('query')).toBe(',');
    expect(parseRecords('query;country\nkaffee;de').map((r) => r.cells)).toEqual([
      ['query', 'country'],
      ['kaffee', 'de'],
    ]);
  });
});
