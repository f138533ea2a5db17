import { ENDPOINT_LIST, IMAGE_FORMATS, type EndpointSpec, type ParamSpec } from '../endpoints.ts';
import { URL_MAX_LENGTH, DEFAULT_MAX_LENGTH } from '../params.ts';

/**
 * The API as an OpenAPI 3.1 document, generated from the endpoint catalogue like the forms
 * and the snippets: every path and parameter with its type, default, allowed values and
 * range, the key as an `apiKey` query scheme, the response media types, and the published
 * costs as `x-credits-per-request`. The build writes it to `dist/openapi.json`
 * (server/openapi-plugin.ts); the app downloads it with this server's base and path names.
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

const ANY_BYTES: JsonObject = { type: 'string', format: 'binary' };
const ANY_OBJECT: JsonObject = { type: 'object' };

function successContent(spec: EndpointSpec): JsonObject {
  if (spec.response === 'image') {
    const images = Object.fromEntries(
      IMAGE_FORMATS.flatMap((f) => (f.mediaType ? [[f.mediaType, { schema: ANY_BYTES }]] : [])),
    );
    // Some deployments answer JSON instead of the bytes (catalogue: `response: 'image'`).
    return { ...images, 'application/json': { schema: ANY_OBJECT } };
  }
  const content: JsonObject = { 'application/json': { schema: ANY_OBJECT } };
  if (spec.params.some((p) => p.type === 'boolean' && p.answersHtml))
    content['text/html'] = { schema: { type: 'string' } };
  return content;
}

function operationOf(spec: EndpointSpec): JsonObject {
  const cost =
    spec.cost === null
      ? 'Cost per request: not published.'
      : `Cost: ${spec.cost} credits per successful request.`;
  const operation: JsonObject = {
    operationId: spec.id,
    summary: spec.title,
    description: `${spec.summary} ${cost} The path also answers with a trailing slash.`,
    parameters: spec.params.map(parameterOf),
    responses: {
      '200': { description: 'Success.', content: successContent(spec) },
      default: {
        description: 'Any other status is a failure; the service does not publish its error body.',
      },
    },
  };
  if (spec.cost !== null) operation[COST_EXTENSION] = spec.cost;
  return operation;
}

/** The OpenAPI 3.1 document of every endpoint in the catalogue. */
export function openApiDocument({ serverUrl, pathMap = {} }: OpenApiOptions = {}): JsonObject {
  const server: JsonObject = serverUrl
    ? { url: serverUrl }
    : {
        url: '{base_url}',
        variables: {
          base_url: { default: 'https://api.example.com', description: 'The service’s base URL.' },
        },
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
      ENDPOINT_LIST.map((spec) => {
        const name = spec.path.slice(1);
        return [`/${pathMap[name] ?? name}`, { get: operationOf(spec) }];
      }),
    ),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'query', name: 'api_key', description: 'Your personal key.' },
      },
    },
  };
}
