export type CsvCell = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180 quoting). Cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at the start) get a leading apostrophe, because
 * exported text comes from scraped pages.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Numbers are written as numbers: a negative longitude is not a formula.
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  // Leading or trailing spaces are quoted so spreadsheet programs keep them.
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header row, then one row per record, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** One record of a CSV file, with the line it starts on (a quoted cell may span lines). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

export type CsvDelimiter = ',' | ';' | '\t';

/**
 * The separator of a file: the one its first line uses most outside quotes. Spreadsheets in
 * many locales save with `;`, and a tab-separated file is a paste from one.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c] += 1;
  }
  const best = (Object.keys(counts) as CsvDelimiter[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ',';
}

/**
 * Reads CSV (RFC 4180 quoting) as people's files have it: CRLF, LF or CR line ends, a byte
 * order mark, any of the usual separators. A blank line is a record with one empty cell; the
 * line end after the last record makes none.
 */
export function parseCsv(
  text: string,
  delimiter: CsvDelimiter = sniffDelimiter(text),
): CsvRecord[] {
  const records: CsvRecord[] = [];
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    records.push({ cells, line: start });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\n' || (c === '\r' && body[i + 1] !== '\n')) line += 1;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && body[i + 1] === '\n') {
        i++;
        line += 1;
      }
      endRecord();
      start = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0 || quoted) endRecord();
  return records;
}
