import { ENDPOINTS } from '../../../api/endpoints.ts';
import { checkParam, pickParams, validateParams } from '../../../api/params.ts';
import { parseCsv } from '../../../lib/csv.ts';
import { LOCALE_PARAMS, rowParams, type BatchEndpointId } from './endpoints.ts';
import { checkLocale, localeKey, type Locale } from './locale.ts';

/** One query of a batch, with what else its request sets. */
export interface BatchRow {
  query: string;
  /** The row's other parameters (shorts' `safe`, `start`…), trimmed, empty ones left out. */
  params: Record<string, string>;
  /**
   * A CSV row that names its own country or language is one request at that locale, not
   * crossed with the batch's locales.
   */
  locale?: Locale;
  /** The line it came from (1-based), to point at it. */
  line: number;
}

/** A line that is not sent, and why: each reason is the catalogue's own message. */
export interface Refusal {
  line: number;
  text: string;
  reasons: string[];
}

export interface Intake {
  rows: BatchRow[];
  /** Blank lines dropped. */
  blank: number;
  /** Lines dropped because an earlier line asks for the same thing. */
  duplicates: number;
  refused: Refusal[];
  /** What a person should know about the file as a whole (ignored columns). */
  notes: string[];
}

/**
 * The identity of a query for dropping repeats: trimmed, inner spaces collapsed, any case.
 * The engines answer `Coffee` and `coffee  ` alike, and a batch must not pay for both.
 */
export const queryIdentity = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

const queryParam = (endpoint: BatchEndpointId) => {
  const param = ENDPOINTS[endpoint].params.find((p) => p.name === 'query');
  if (!param) throw new Error(`${endpoint} has no query parameter`);
  return param;
};

/** Keeps the first of each row, by query, parameters and locale; counts the rest. */
class Rows {
  readonly rows: BatchRow[] = [];
  duplicates = 0;
  private readonly seen = new Set<string>();

  add(row: BatchRow): void {
    const params = Object.entries(row.params).sort(([a], [b]) => a.localeCompare(b));
    const key = JSON.stringify([
      queryIdentity(row.query),
      params,
      row.locale ? localeKey(row.locale) : '',
    ]);
    if (this.seen.has(key)) this.duplicates += 1;
    else {
      this.seen.add(key);
      this.rows.push(row);
    }
  }
}

/** The Queries textarea: one query per line, checked as the endpoint's `query` field is. */
export function parseQueryLines(text: string, endpoint: BatchEndpointId): Intake {
  const param = queryParam(endpoint);
  const rows = new Rows();
  const refused: Refusal[] = [];
  let blank = 0;
  // The line end after the last line starts no line of its own.
  const lines = text === '' ? [] : text.replace(/(\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const query = raw.trim();
    if (query === '') {
      blank += 1;
      return;
    }
    const { error } = checkParam(param, query);
    if (error) refused.push({ line: i + 1, text: query, reasons: [error] });
    else rows.add({ query, params: {}, line: i + 1 });
  });
  return { rows: rows.rows, blank, duplicates: rows.duplicates, refused, notes: [] };
}

/**
 * A CSV file whose first row names its columns like the endpoint's parameters (`query`,
 * `country`, `language`, …). Every value of every line is checked with the catalogue, as the
 * endpoint's form checks it; a line with a bad value is refused with the reason. Columns the
 * endpoint does not know are ignored and said so. A message instead when the file cannot be read.
 */
export function parseQueryCsv(text: string, endpoint: BatchEndpointId): Intake | { error: string } {
  const spec = ENDPOINTS[endpoint];
  const records = parseCsv(text);
  const headerAt = records.findIndex((r) => r.cells.some((c) => c.trim() !== ''));
  if (headerAt < 0) return { error: 'The file is empty.' };
  const header = records[headerAt]!.cells.map((c) => c.trim().toLowerCase());
  const known = new Set(
    [...rowParams(endpoint), ...spec.params.filter((p) => LOCALE_PARAMS.includes(p.name))].map(
      (p) => p.name,
    ),
  );
  const expected = [...known].join(', ');
  if (!header.includes('query'))
    return {
      error: `The file has no query column. Name the columns in its first line like the parameters of ${spec.title}: ${expected}.`,
    };
  const repeated = header.find((name, i) => name !== '' && header.indexOf(name) !== i);
  if (repeated) return { error: `The column ${repeated} appears twice in the first line.` };

  const notes: string[] = [];
  const ignored = header.filter((name) => name !== '' && !known.has(name));
  if (ignored.includes('api_key'))
    notes.push('The api_key column is ignored: a key is never read from a file.');
  const others = ignored.filter((name) => name !== 'api_key');
  if (others.length > 0)
    notes.push(
      `Ignored columns (not parameters of ${spec.title}): ${others.join(', ')}. It takes ${expected}.`,
    );

  const rows = new Rows();
  const refused: Refusal[] = [];
  let blank = 0;
  for (const { cells, line } of records.slice(headerAt + 1)) {
    if (cells.every((c) => c.trim() === '')) {
      blank += 1;
      continue;
    }
    const lineText = cells.join(',');
    if (cells.length > header.length) {
      refused.push({
        line,
        text: lineText,
        reasons: [`It has ${cells.length} values for ${header.length} columns.`],
      });
      continue;
    }
    const values: Record<string, string> = {};
    header.forEach((name, i) => {
      if (known.has(name)) values[name] = (cells[i] ?? '').trim();
    });
    const checked = validateParams(spec, values);
    if (!checked.ok) {
      refused.push({ line, text: lineText, reasons: Object.values(checked.errors) });
      continue;
    }
    const row = rowFrom(endpoint, values, line);
    if ('reasons' in row) refused.push({ line, text: lineText, reasons: row.reasons });
    else rows.add(row);
  }
  return { rows: rows.rows, blank, duplicates: rows.duplicates, refused, notes };
}

/** A checked line as a row: its own locale when it names one. */
function rowFrom(
  endpoint: BatchEndpointId,
  values: Record<string, string>,
  line: number,
): BatchRow | { reasons: string[] } {
  // What a view's form would keep: trimmed, applicable, empty ones left out.
  const { query = '', country, language, ...params } = pickParams(ENDPOINTS[endpoint], values);
  const row: BatchRow = { query, params, line };
  if (!country && !language) return row;
  const checked = checkLocale(endpoint, { country, language });
  return 'errors' in checked ? { reasons: checked.errors } : { ...row, locale: checked.locale };
}
