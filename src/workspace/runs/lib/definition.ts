import { envelope, FILE_KINDS } from '../../../lib/file-envelope.ts';
import { rowParams, type BatchEndpointId } from './endpoints.ts';
import type { BatchRow } from './intake.ts';
import type { Locale } from './locale.ts';
import { buildMatrix, type Matrix } from './matrix.ts';

/** What a batch file says its content is, so another JSON file is not read as one. */
export const DEFINITION_KIND = FILE_KINDS.batch;
export const DEFINITION_VERSION = 1;

/**
 * A batch as a file that can be loaded again: its requests and settings, never a key or an
 * answer. Rows keep only the endpoint's own parameters, so nothing else can ride along.
 */
export interface BatchDefinition {
  endpoint: BatchEndpointId;
  rows: { query: string; params: Record<string, string>; locale?: Locale }[];
  locales: Locale[];
  /** "Stop at N credits", or null. */
  cap: number | null;
  /** Fewer at once than the account allows, when the user chose so. */
  concurrency?: number;
  target?: string;
  expectedUrl?: string;
  competitors?: string[];
}

/** What a batch's pivot reads from its answers. */
export type PivotFields = Pick<BatchDefinition, 'target' | 'expectedUrl' | 'competitors'>;

/** Whether a batch says what its pivot reads (a target, an expected URL or competitors). */
export const hasPivot = (p: PivotFields | undefined): boolean =>
  Boolean(p?.target || p?.expectedUrl || p?.competitors?.length);

/** The rows of an intake as a definition keeps them (without the lines they came from). */
export const definitionRows = (rows: readonly BatchRow[]): BatchDefinition['rows'] =>
  rows.map(({ query, params, locale }) => (locale ? { query, params, locale } : { query, params }));

/**
 * The file's text: every field picked by name, each row's parameters only the endpoint's own.
 * Read back by `parseDefinition` (batch-schemas.ts, which loads zod: decision 066).
 */
export function serializeDefinition(definition: BatchDefinition): string {
  const allowed = new Set(rowParams(definition.endpoint).map((p) => p.name));
  const file = envelope(
    { kind: DEFINITION_KIND, version: DEFINITION_VERSION },
    {
      endpoint: definition.endpoint,
      rows: definition.rows.map((r) => ({
        query: r.query,
        params: Object.fromEntries(
          Object.entries(r.params).filter(([name]) => allowed.has(name) && name !== 'query'),
        ),
        ...(r.locale ? { locale: { country: r.locale.country, language: r.locale.language } } : {}),
      })),
      locales: definition.locales.map((l) => ({ country: l.country, language: l.language })),
      cap: definition.cap,
      concurrency: definition.concurrency,
      target: definition.target,
      expectedUrl: definition.expectedUrl,
      competitors: definition.competitors,
    },
  );
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A definition's rows and locales as cells (the file keeps no line numbers). */
export const matrixOf = (
  definition: Pick<BatchDefinition, 'endpoint' | 'rows' | 'locales'>,
): Matrix =>
  buildMatrix(
    definition.endpoint,
    definition.rows.map((r, i) => ({ ...r, line: i + 1 })),
    definition.locales,
  );
