import { parseCsv as parseRecords } from '../src/lib/csv.ts';

/** The cells of CSV as the app's exports write it (RFC 4180, CRLF rows), to read them back in tests. */
export function parseCsv(text: string): string[][] {
  return parseRecords(text, ',').map((record) => record.cells);
}
