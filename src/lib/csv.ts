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
