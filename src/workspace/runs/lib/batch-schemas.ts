import { ENDPOINTS } from '../../../api/endpoints.ts';
import { validateParams } from '../../../api/params.ts';
import { place, readFileText, type FileFormat } from '../../../lib/file-envelope.ts';
import { atLeast, refuse, time, z } from '../../../lib/file-schemas.ts';
import type { CellRun, NotCheckedReason } from './cells.ts';
import { DEFINITION_KIND, DEFINITION_VERSION, type BatchDefinition } from './definition.ts';
import { BATCH_ENDPOINTS, rowParams, type BatchEndpointId } from './endpoints.ts';
import { checkLocale, type Locale } from './locale.ts';
import { MAX_COMPETITORS } from './pivot.ts';

/**
 * A batch as its file holds it and as the browser stores it (decision 066): checked as if it
 * were typed, with the catalogue (each row's parameters, each locale), so a file and a stored
 * record are read by one definition. zod loads with this module: views reach it through
 * `import()` (definition.ts), the batch and trackers views statically.
 */
const LOCALE = 'a locale needs a country and a language.';
const ROW = 'a row needs a query and its parameters.';
const NO_ROWS = 'The file has no rows.';
const CAP = 'The cap must be a whole number of credits, or none.';
const TEXTS = 'The target domain and expected URL must be text.';
const COMPETITORS = `The competitors must be at most ${MAX_COMPETITORS} domains.`;

/** A locale, checked and written as the endpoint's catalogue says. */
const localeOf = (endpoint: BatchEndpointId) =>
  z.pipe(
    z.object({ country: z.string(LOCALE), language: z.string(LOCALE) }, LOCALE),
    z.transform((value, ctx): Locale => {
      const checked = checkLocale(endpoint, value);
      if ('errors' in checked) for (const e of checked.errors) refuse(ctx, e);
      return 'locale' in checked ? checked.locale : value;
    }),
  );

/** A row: its query and the endpoint's own parameters, checked as a typed row is. */
function rowOf(endpoint: BatchEndpointId) {
  const spec = ENDPOINTS[endpoint];
  const allowed = new Set(rowParams(endpoint).map((p) => p.name));
  return z.pipe(
    z.object(
      {
        query: z.string(ROW),
        params: z.optional(z.record(z.string(), z.string(), ROW)),
        locale: z.optional(localeOf(endpoint)),
      },
      ROW,
    ),
    z.transform((row, ctx): BatchDefinition['rows'][number] => {
      const params = row.params ?? {};
      for (const name of Object.keys(params))
        if (!allowed.has(name) || name === 'query')
          refuse(ctx, `${name} is not a parameter a ${spec.title} row sets.`);
      const checked = validateParams(spec, { ...params, query: row.query });
      if (!checked.ok) for (const e of Object.values(checked.errors)) refuse(ctx, e);
      const query = row.query.trim();
      return row.locale ? { query, params, locale: row.locale } : { query, params };
    }),
  );
}

const batchOf = <E extends BatchEndpointId>(endpoint: E) =>
  z.object({
    endpoint: z.literal(endpoint),
    rows: z.array(rowOf(endpoint), NO_ROWS).check(z.minLength(1, NO_ROWS)),
    locales: z.array(localeOf(endpoint), 'The file has no list of locales.'),
    cap: z._default(z.nullable(time(CAP)), null),
    concurrency: z.optional(atLeast(1, 'The concurrency must be a whole number of at least 1.')),
    target: z.optional(z.string(TEXTS)),
    expectedUrl: z.optional(z.string(TEXTS)),
    competitors: z.optional(
      z.array(z.string(COMPETITORS), COMPETITORS).check(z.maxLength(MAX_COMPETITORS, COMPETITORS)),
    ),
  });

/** A batch: the file without its kind and version, or a stored batch's definition. */
export const batchSchema: z.ZodMiniType<BatchDefinition> = z.discriminatedUnion(
  'endpoint',
  [batchOf('search'), batchOf('autocomplete'), batchOf('shorts')],
  `The endpoint must be one of ${BATCH_ENDPOINTS.join(', ')}.`,
);

/** "Row 2", "Locale 1": where the batch view's own messages say a problem is. */
export function batchWhere(path: readonly PropertyKey[]): string {
  const [field, index, part, name] = path;
  if (typeof index !== 'number') return ''; // every other field's message names it
  if (field === 'rows')
    return place(`Row ${index + 1}`, part === 'params' && typeof name === 'string' ? name : '');
  return field === 'locales' ? `Locale ${index + 1}` : '';
}

export const BATCH_FILE: FileFormat<BatchDefinition> = {
  kind: DEFINITION_KIND,
  version: DEFINITION_VERSION,
  schema: batchSchema,
  refusals: {
    notJson: 'The file is not JSON.',
    otherKind: () => 'The file is not a batch saved by this dashboard.',
    otherVersion: (version) =>
      `The file is of version ${String(version)}; this dashboard reads version ${DEFINITION_VERSION}.`,
  },
  where: batchWhere,
};

/**
 * Reads a batch file back, checking all of it as if it were typed: the endpoint, each row's
 * parameters with the catalogue, each locale, the cap. Anything wrong is listed, and nothing
 * of a wrong file is used.
 */
export function parseDefinition(
  text: string,
): { definition: BatchDefinition } | { errors: string[] } {
  const read = readFileText(text, BATCH_FILE);
  return read.ok ? { definition: read.value } : { errors: read.errors };
}

/** A batch as stored (batch-store.ts): what it asks for, when it was made and last written. */
export const storedBatchSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  savedAt: z.number(),
  definition: batchSchema,
});

const REASONS = [
  'cancelled',
  'cap',
  'fatal',
  'never-sent',
  'unrecorded',
  'key-cleared',
] as const satisfies readonly NotCheckedReason[];

/** A cell's state as stored, the moment it changed (cells.ts). */
export const cellRunSchema: z.ZodMiniType<CellRun> = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting') }),
  z.object({ state: z.literal('running'), startedAt: z.number() }),
  z.object({
    state: z.literal('answered'),
    at: z.number(),
    durationMs: z.number(),
    credits: z.number(),
  }),
  z.object({ state: z.literal('cached'), at: z.number() }),
  z.object({
    state: z.literal('failed'),
    at: z.number(),
    error: z.object({ title: z.string(), status: z.optional(z.number()), excerpt: z.string() }),
    charged: z.enum(['yes', 'no', 'unknown']),
    credits: z.number(),
  }),
  z.object({ state: z.literal('not-checked'), reason: z.enum(REASONS) }),
  z.object({ state: z.literal('interrupted'), startedAt: z.number() }),
]);
