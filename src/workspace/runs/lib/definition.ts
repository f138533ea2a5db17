import { isRecord } from '../../../lib/is-record.ts';
import { ENDPOINTS } from '../../../api/endpoints.ts';
import { validateParams } from '../../../api/params.ts';
import { BATCH_ENDPOINTS, isBatchEndpoint, rowParams, type BatchEndpointId } from './endpoints.ts';
import type { BatchRow } from './intake.ts';
import { checkLocale, type Locale } from './locale.ts';
import { buildMatrix, type Matrix } from './matrix.ts';
import { MAX_COMPETITORS } from './pivot.ts';

/** What a batch file says its content is, so another JSON file is not read as one. */
export const DEFINITION_KIND = 'web-data-dashboard.batch';
const VERSION = 1;

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

/** The rows of an intake as a definition keeps them (without the lines they came from). */
export const definitionRows = (rows: readonly BatchRow[]): BatchDefinition['rows'] =>
  rows.map(({ query, params, locale }) => (locale ? { query, params, locale } : { query, params }));

/** The file's text: every field picked by name, each row's parameters only the endpoint's own. */
export function serializeDefinition(definition: BatchDefinition): string {
  const allowed = new Set(rowParams(definition.endpoint).map((p) => p.name));
  const file = {
    kind: DEFINITION_KIND,
    version: VERSION,
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
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const optionalText = (v: unknown) => v === undefined || typeof v === 'string';

/**
 * Reads a batch file back, checking all of it as if it were typed: the endpoint, each row's
 * parameters with the catalogue, each locale, the cap. Anything wrong is listed, and nothing
 * of a wrong file is used.
 */
export function parseDefinition(
  text: string,
): { definition: BatchDefinition } | { errors: string[] } {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return { errors: ['The file is not JSON.'] };
  }
  if (!isRecord(file) || file.kind !== DEFINITION_KIND)
    return { errors: ['The file is not a batch saved by this dashboard.'] };
  if (file.version !== VERSION)
    return {
      errors: [
        `The file is of version ${String(file.version)}; this dashboard reads version ${VERSION}.`,
      ],
    };
  const endpoint = file.endpoint;
  if (!isBatchEndpoint(endpoint))
    return { errors: [`The endpoint must be one of ${BATCH_ENDPOINTS.join(', ')}.`] };

  const errors: string[] = [];
  const spec = ENDPOINTS[endpoint];
  const allowed = new Set(rowParams(endpoint).map((p) => p.name));
  const locale = (value: unknown, where: string): Locale | undefined => {
    if (
      !isRecord(value) ||
      typeof value.country !== 'string' ||
      typeof value.language !== 'string'
    ) {
      errors.push(`${where}: a locale needs a country and a language.`);
      return undefined;
    }
    const checked = checkLocale(endpoint, { country: value.country, language: value.language });
    if ('errors' in checked) errors.push(...checked.errors.map((e) => `${where}: ${e}`));
    return 'locale' in checked ? checked.locale : undefined;
  };

  const rows: BatchDefinition['rows'] = [];
  const rawRows = Array.isArray(file.rows) ? (file.rows as unknown[]) : null;
  if (!rawRows || rawRows.length === 0) errors.push('The file has no rows.');
  rawRows?.forEach((raw, i) => {
    const where = `Row ${i + 1}`;
    if (
      !isRecord(raw) ||
      typeof raw.query !== 'string' ||
      (raw.params !== undefined && !isRecord(raw.params))
    ) {
      errors.push(`${where}: a row needs a query and its parameters.`);
      return;
    }
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw.params ?? {})) {
      if (!allowed.has(name) || name === 'query')
        errors.push(`${where}: ${name} is not a parameter a ${spec.title} row sets.`);
      else if (typeof value !== 'string') errors.push(`${where}: ${name} must be text.`);
      else params[name] = value;
    }
    const checked = validateParams(spec, { ...params, query: raw.query });
    if (!checked.ok) errors.push(...Object.values(checked.errors).map((e) => `${where}: ${e}`));
    const own = raw.locale === undefined ? undefined : locale(raw.locale, where);
    rows.push(
      own ? { query: raw.query.trim(), params, locale: own } : { query: raw.query.trim(), params },
    );
  });

  const locales = Array.isArray(file.locales)
    ? (file.locales as unknown[]).flatMap((l, i) => locale(l, `Locale ${i + 1}`) ?? [])
    : (errors.push('The file has no list of locales.'), []);
  const cap = file.cap ?? null;
  if (cap !== null && !(isWhole(cap) && cap >= 0))
    errors.push('The cap must be a whole number of credits, or none.');
  if (file.concurrency !== undefined && !(isWhole(file.concurrency) && file.concurrency >= 1))
    errors.push('The concurrency must be a whole number of at least 1.');
  if (!optionalText(file.target) || !optionalText(file.expectedUrl))
    errors.push('The target domain and expected URL must be text.');
  const competitors = file.competitors;
  if (
    competitors !== undefined &&
    !(
      Array.isArray(competitors) &&
      competitors.length <= MAX_COMPETITORS &&
      competitors.every((c) => typeof c === 'string')
    )
  )
    errors.push(`The competitors must be at most ${MAX_COMPETITORS} domains.`);
  if (errors.length > 0) return { errors };

  return {
    definition: {
      endpoint,
      rows,
      locales,
      cap: cap as number | null,
      concurrency: file.concurrency as number | undefined,
      target: file.target as string | undefined,
      expectedUrl: file.expectedUrl as string | undefined,
      competitors: competitors as string[] | undefined,
    },
  };
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
