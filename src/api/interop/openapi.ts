import type * as z from 'zod/mini';
import {
  ENDPOINT_LIST,
  RASTER_IMAGE_TYPES,
  type EndpointId,
  type EndpointSpec,
  type ParamSpec,
} from '../endpoints.ts';
import { URL_MAX_LENGTH, DEFAULT_MAX_LENGTH } from '../params.ts';
import {
  accountResponseSchema,
  autocompleteResponseSchema,
  LIST_ITEMS,
  optBoolean,
  optNumber,
  optString,
  realtyResponseSchema,
  screenshotJsonSchema,
  searchResponseSchema,
  shortsResponseSchema,
  webhookResponseSchema,
} from '../schemas.ts';

/**
 * The API as an OpenAPI 3.1 document, generated from the endpoint catalogue like the forms
 * and the snippets: every path (and its trailing-slash form) and parameter with its type,
 * default, allowed values and range, the key as an `apiKey` query scheme, each answer's
 * schema from the zod schemas the client reads it with, the error answers, and the published
 * costs as `x-credits-per-request`. One document: the build writes it to `dist/openapi.json`
 * (server/openapi-plugin.ts) and the app's download is the same text (`openApiText`).
 */

export const OPENAPI_FILE = 'openapi.json';
/** Credits per successful request, on each operation whose cost is published. */
export const COST_EXTENSION = 'x-credits-per-request';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiOptions {
  /** The service's base URL; without one the document names a `{base_url}` variable. */
  serverUrl?: string | null;
  /** Live path renames (neutral name → upstream name). */
  pathMap?: Readonly<Record<string, string>>;
}

/**
 * A pattern written for a case-insensitive RegExp (`/^[a-z]{2}$/i`) as JSON Schema needs it,
 * without flags: each letter stands for both its cases (`[a-z]` → `[a-zA-Z]`, `l` → `[lL]`).
 */
export function caseInsensitiveSource(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      const range = /^([a-zA-Z])-([a-zA-Z])/.exec(source.slice(i));
      if (range) {
        const [, from, to] = range as unknown as [string, string, string];
        const swap = (s: string) => (s === s.toLowerCase() ? s.toUpperCase() : s.toLowerCase());
        out += `${from}-${to}${swap(from)}-${swap(to)}`;
        i += 2;
      } else if (/[a-zA-Z]/.test(c))
        out += c + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
      else out += c;
      continue;
    }
    if (c === '[') inClass = true;
    out += /[a-zA-Z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c;
  }
  return out;
}

const patternOf = (regex: RegExp) =>
  regex.flags.includes('i') ? caseInsensitiveSource(regex.source) : regex.source;

function schemaOf(param: ParamSpec): JsonObject {
  switch (param.type) {
    case 'string': {
      const schema: JsonObject = {
        type: 'string',
        maxLength: param.maxLength ?? DEFAULT_MAX_LENGTH,
      };
      if (param.pattern) schema.pattern = patternOf(param.pattern.regex);
      if (param.default !== undefined) schema.default = param.default;
      return schema;
    }
    case 'url':
      return {
        type: 'string',
        format: 'uri',
        pattern: '^[hH][tT][tT][pP][sS]?://',
        maxLength: URL_MAX_LENGTH,
      };
    case 'integer': {
      const schema: JsonObject = { type: 'integer' };
      if (param.min !== undefined) schema.minimum = param.min;
      if (param.max !== undefined) schema.maximum = param.max;
      if (param.default !== undefined) schema.default = Number(param.default);
      return schema;
    }
    case 'boolean':
      // The interface writes `nfpr` as 1/0 and the other switches as true/false.
      return param.wire === 'one-zero'
        ? {
            type: 'integer',
            enum: [0, 1],
            ...(param.default !== undefined && { default: Number(param.default) }),
          }
        : {
            type: 'boolean',
            ...(param.default !== undefined && { default: param.default === 'true' }),
          };
    case 'enum':
      return {
        type: 'string',
        enum: param.options.map((o) => o.value),
        ...(param.default !== undefined && { default: param.default }),
      };
  }
}

function describeParam(param: ParamSpec): string {
  const parts = [param.help];
  if (param.type === 'enum')
    parts.push(`Values: ${param.options.map((o) => `${o.value} (${o.label})`).join('; ')}.`);
  if (param.onlyWhen) parts.push(param.onlyWhen.note);
  if (param.type === 'string' && param.pattern) parts.push(param.pattern.message);
  return parts.join(' ');
}

function parameterOf(param: ParamSpec): JsonObject {
  const out: JsonObject = {
    name: param.name,
    in: 'query',
    required: param.required ?? false,
    description: describeParam(param),
    schema: schemaOf(param),
  };
  if (param.placeholder)
    out.example = param.type === 'integer' ? Number(param.placeholder) : param.placeholder;
  return out;
}

/**
 * The zod schema each JSON answer is read with (the catalogue loads the same ones lazily:
 * a test holds the two equal). The document describes what the client reads, so a field the
 * dashboard shows is a typed field in a generated client too.
 */
export const RESPONSE_SCHEMAS: Record<EndpointId, z.ZodMiniType> = {
  shorts: shortsResponseSchema,
  search: searchResponseSchema,
  autocomplete: autocompleteResponseSchema,
  realty: realtyResponseSchema,
  screenshot: screenshotJsonSchema,
  account: accountResponseSchema,
  webhook: webhookResponseSchema,
};

const LEAVES = new Map<z.ZodMiniType, JsonObject>([
  [optString, { type: 'string' }],
  [optNumber, { type: 'number' }],
  [optBoolean, { type: 'boolean' }],
]);

/**
 * A JSON Schema of what a lenient zod schema reads: its known fields typed, none required
 * (any may be missing), unknown ones allowed. Only the shapes schemas.ts builds are known:
 * anything else is described as any value, never wrongly.
 */
export function jsonSchemaOf(schema: z.ZodMiniType): JsonObject {
  const leaf = LEAVES.get(schema);
  if (leaf) return { ...leaf };
  const item = LIST_ITEMS.get(schema);
  if (item) return { type: 'array', items: jsonSchemaOf(item) };
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, z.ZodMiniType>;
    innerType?: z.ZodMiniType;
  };
  if (def.type === 'object' && def.shape)
    return {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(def.shape).map(([name, field]) => [name, jsonSchemaOf(field)]),
      ),
      additionalProperties: true,
    };
  // A realty listing: an object of some 60 fields any of which may be off (schemas.ts).
  if (def.type === 'custom') return { type: 'object', additionalProperties: true };
  if (def.type === 'default' && def.innerType) return jsonSchemaOf(def.innerType);
  return {};
}

/**
 * What the service answers instead of a 200, as upstream-notes.md has it: plain text (or HTML),
 * never JSON. Which statuses an endpoint can answer follows from the catalogue: only metered
 * endpoints run out of credits or slots, only a target URL can be wrong.
 */
const ERRORS: {
  status: string;
  applies: (spec: EndpointSpec) => boolean;
  description: string;
  example: string;
}[] = [
  {
    status: '400',
    applies: () => true,
    description: 'A parameter is missing or wrong, or the scrape failed. Not charged.',
    example: 'Invalid request: Quality must be a whole number from 0 to 100.',
  },
  {
    status: '401',
    applies: () => true,
    description: 'The API key is missing or wrong. Not charged.',
    example: 'Invalid API key.',
  },
  {
    status: '403',
    applies: (spec) => spec.metered,
    description: 'The plan’s credits are used up. Not charged.',
    example: 'Your account has run out of credits.',
  },
  {
    status: '404',
    applies: (spec) => spec.params.some((p) => p.type === 'url'),
    description: 'The target URL is wrong. Charged like a success.',
    example: 'The target URL could not be found.',
  },
  {
    status: '410',
    applies: (spec) => spec.metered,
    description:
      'The request timed out after the service’s own retries (up to about 60 s). Not charged.',
    example: 'The request timed out after several retries.',
  },
  {
    status: '429',
    applies: (spec) => spec.metered,
    description:
      'The plan’s concurrent connection limit is reached: retry once a running request has finished. Not charged.',
    example: 'Concurrent connection limit reached.',
  },
  {
    status: '5XX',
    applies: () => true,
    description:
      'The service failed: treat it as transient. Whether it was charged is not published.',
    example: 'Service unavailable.',
  },
];

const errorResponse = (description: string, example: string): JsonObject => ({
  description,
  content: {
    'text/plain': { schema: { type: 'string' }, example },
    'text/html': { schema: { type: 'string' } },
  },
});

function successContent(spec: EndpointSpec): JsonObject {
  if (spec.response === 'image')
    // The bytes, whatever raster type the service picks; a tool reads them as a blob. (Some
    // deployments answer JSON metadata instead: said in the description, not typed, so a
    // generated client does not try to parse the image as JSON.)
    return Object.fromEntries(
      RASTER_IMAGE_TYPES.map((t) => [
        t.mediaType,
        { schema: { type: 'string', contentMediaType: t.mediaType } },
      ]),
    );
  const content: JsonObject = {
    'application/json': { schema: jsonSchemaOf(RESPONSE_SCHEMAS[spec.id]) },
  };
  if (spec.params.some((p) => p.type === 'boolean' && p.answersHtml))
    content['text/html'] = { schema: { type: 'string' } };
  return content;
}

/**
 * The paths the interface says also answer with a trailing slash (`/search/`): general rule 4
 * names these three.
 */
export const SLASH_PATHS: readonly EndpointId[] = ['shorts', 'search', 'autocomplete'];

function operationOf(spec: EndpointSpec, slash: boolean): JsonObject {
  const cost =
    spec.cost === null
      ? 'Cost per request: not published.'
      : `Cost: ${spec.cost} credits per successful request.`;
  const also = slash
    ? `The same endpoint as ${spec.path}, written with a trailing slash.`
    : SLASH_PATHS.includes(spec.id)
      ? `The path also answers with a trailing slash (${spec.path}/).`
      : '';
  const image =
    spec.response === 'image'
      ? ' The answer is the image’s bytes, of the Content-Type of the format asked for; some deployments are reported to answer JSON metadata instead.'
      : '';
  const operation: JsonObject = {
    operationId: slash ? `${spec.id}WithSlash` : spec.id,
    summary: slash ? `${spec.title} (trailing slash)` : spec.title,
    description: [`${spec.summary}${image}`, cost, also].filter((t) => t !== '').join(' '),
    parameters: spec.params.map(parameterOf),
    responses: {
      '200': { description: 'Success.', content: successContent(spec) },
      ...Object.fromEntries(
        ERRORS.filter((e) => e.applies(spec)).map((e) => [
          e.status,
          errorResponse(e.description, e.example),
        ]),
      ),
    },
  };
  if (spec.cost !== null) operation[COST_EXTENSION] = spec.cost;
  return operation;
}

/** The OpenAPI 3.1 document of every endpoint in the catalogue. */
export function openApiDocument({ serverUrl, pathMap = {} }: OpenApiOptions = {}): JsonObject {
  const pathOf = (spec: EndpointSpec) => `/${pathMap[spec.path.slice(1)] ?? spec.path.slice(1)}`;
  const server: JsonObject = serverUrl
    ? { url: serverUrl }
    : {
        url: '{base_url}',
        // Said on the server, not on its variable: swagger-parser's copy of the 3.1 schema spells
        // the variable's field `descriptions` and refuses the document over it.
        description: 'The service’s base URL: set base_url.',
        variables: { base_url: { default: 'https://api.example.com' } },
      };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Web data API',
      // The service publishes no version (interface.md, Versioning).
      version: 'unversioned',
      description:
        'Search, short videos, autocomplete, realty listings, screenshots, account usage and webhook jobs: every endpoint is a GET with its parameters in the query string and the key as `api_key`. Generated from the Web Data Dashboard’s endpoint catalogue.',
    },
    servers: [server],
    security: [{ apiKey: [] }],
    paths: Object.fromEntries(
      ENDPOINT_LIST.flatMap((spec): [string, Json][] => [
        [pathOf(spec), { get: operationOf(spec, false) }],
        ...(SLASH_PATHS.includes(spec.id)
          ? [[`${pathOf(spec)}/`, { get: operationOf(spec, true) }] as [string, Json]]
          : []),
      ]),
    ),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'query', name: 'api_key', description: 'Your personal key.' },
      },
    },
  };
}

/**
 * The document as a file: what the build writes to `dist/openapi.json` and what the app
 * downloads, byte for byte (the base left as the `{base_url}` variable, which every tool that
 * reads OpenAPI lets its user set).
 */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;
