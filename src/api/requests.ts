import type * as z from 'zod/mini';
import {
  callEndpoint,
  maskedRequestUrl,
  type KeptBody,
  ParamValidationError,
  wireFor,
  type RawResponse,
  type RequestOptions,
  type ResponseMeta,
} from './client.ts';
import { watchRequest } from './cost-meter.ts';
import { ENDPOINTS, isRasterImageType, type EndpointId, type EndpointSpec } from './endpoints.ts';
import { ApiError, isApiError, excerpt } from './errors.ts';
import { parseBoolean, type ParamValues } from './params.ts';

/** A parsed JSON answer, with the untouched body for the inspector. */
export interface JsonResult<T> {
  data: T;
  raw: unknown;
  meta: ResponseMeta;
  /** The answer was an HTML page (allowed by the catalogue for these parameters); `data` is then empty. */
  html?: string;
  /** The JSON body as received (key masked), when known: what a stored copy is made of. */
  body?: KeptBody;
}

export type ImageResult =
  | { kind: 'image'; blob: Blob; meta: ResponseMeta }
  // Some deployments answer JSON metadata instead of bytes (upstream-notes.md): show it, don't crash.
  | { kind: 'json'; raw: unknown; meta: ResponseMeta }
  // Any other type (SVG can carry script, TIFF is not shown by browsers) is not a screenshot:
  // only a text excerpt is kept, so it can never be opened as a document on the app's origin.
  | { kind: 'other'; contentType: string; excerpt: string; meta: ResponseMeta };

/** How much of a body that is not a screenshot is read for its excerpt. */
const OTHER_EXCERPT_BYTES = 4096;
/** Types whose excerpt reads as text (SVG is XML); other bytes would show as noise. */
const TEXTUAL = /^text\/|xml|json|javascript/i;

type Catalogue = typeof ENDPOINTS;

/** What one endpoint's request resolves with, derived from its catalogue entry. */
export type EndpointResult<Id extends EndpointId> = Catalogue[Id]['response'] extends 'image'
  ? ImageResult
  : JsonResult<z.output<Awaited<ReturnType<Catalogue[Id]['schema']>>>>;

/** Every result carries what the inspector shows. */
export interface WithMeta {
  meta: ResponseMeta;
}

/**
 * Calls one endpoint and reads its answer the way the catalogue says: image bytes
 * (or JSON in their place), or JSON checked by the entry's lenient schema.
 * Throws ApiError (and ParamValidationError before sending bad input).
 */
export async function requestEndpoint<Id extends EndpointId>(
  id: Id,
  values: ParamValues,
  options: RequestOptions,
): Promise<EndpointResult<Id>> {
  // The cost meter sees every request: metered ones, and account readings to diff around them.
  const watch = watchRequest(id, options.origin ?? null);
  try {
    const result = await readEndpoint(id, values, options);
    watch.succeeded(result);
    return result;
  } catch (error) {
    // Bad parameters never left the client: nothing to measure, nothing disturbed.
    if (isApiError(error) && error.kind === 'held') watch.notSent();
    else if (!(error instanceof ParamValidationError))
      watch.failed(isApiError(error) ? error.charged : 'unknown');
    throw error;
  }
}

async function readEndpoint<Id extends EndpointId>(
  id: Id,
  values: ParamValues,
  options: RequestOptions,
): Promise<EndpointResult<Id>> {
  const spec: EndpointSpec = ENDPOINTS[id];
  // The schema's chunk loads while the request travels; a failed request leaves it unused.
  const schemaLoad = spec.schema();
  schemaLoad.catch(() => undefined);
  let res: RawResponse;
  try {
    res = await callEndpoint(id, values, options);
  } catch (e) {
    const html = acceptedHtml(spec, values, e);
    if (html === undefined) throw e;
    const meta: ResponseMeta = {
      endpoint: id,
      maskedUrl: maskedRequestUrl(id, wireFor(id, values)),
      status: 200,
      durationMs: isApiError(e) ? (e.durationMs ?? 0) : 0,
      bytes: new TextEncoder().encode(html).byteLength,
      contentType: 'text/html',
    };
    return (await jsonResult(spec, html, meta, html)) as EndpointResult<Id>;
  }
  if (spec.response === 'image') {
    const image: ImageResult =
      res.kind === 'json'
        ? { kind: 'json', raw: res.value, meta: res.meta }
        : isRasterImageType(res.blob.type)
          ? res
          : {
              kind: 'other',
              contentType: res.meta.contentType,
              excerpt: TEXTUAL.test(res.blob.type)
                ? excerpt(await res.blob.slice(0, OTHER_EXCERPT_BYTES).text())
                : '',
              meta: res.meta,
            };
    return image as EndpointResult<Id>;
  }
  if (res.kind !== 'json') {
    throw new ApiError({
      kind: 'invalid-response',
      invalid: 'wrong-shape',
      endpoint: spec.path,
      status: res.meta.status,
      bodyExcerpt: `(${res.meta.contentType} body)`,
    });
  }
  const result = await jsonResult(spec, res.value, res.meta, undefined, res.body);
  if (!result) {
    throw new ApiError({
      kind: 'invalid-response',
      invalid: 'wrong-shape',
      endpoint: spec.path,
      status: res.meta.status,
      bodyExcerpt: res.text,
      durationMs: res.meta.durationMs,
    });
  }
  return result as EndpointResult<Id>;
}

/**
 * The result of a JSON body, read through the endpoint's schema: null when its shape is
 * wrong. With `html`, the answer was that page (allowed by the catalogue) and `data` is empty.
 * Requests and restored results (app/result-persistence.ts) both come through here.
 */
export async function jsonResult(
  spec: EndpointSpec,
  raw: unknown,
  meta: ResponseMeta,
  html?: string,
  body?: KeptBody,
): Promise<JsonResult<unknown> | null> {
  // Loaded with the schemas, as they are: zod never loads before the first answer (performance.md).
  const [schema, { safeParseInSlices }] = await Promise.all([
    spec.schema(),
    import('./parse-in-slices.ts'),
  ]);
  if (html !== undefined) return { data: schema.parse({}), raw: html, meta, html };
  const parsed = await safeParseInSlices(schema, raw);
  if (!parsed.success) return null;
  return body ? { data: parsed.data, raw, meta, body } : { data: parsed.data, raw, meta };
}

/**
 * The HTML page a request answered instead of JSON, when the catalogue allows one for
 * its parameters (a boolean marked `answersHtml` that is on); undefined otherwise.
 */
function acceptedHtml(spec: EndpointSpec, values: ParamValues, error: unknown): string | undefined {
  if (!isApiError(error) || error.body === undefined || !error.body.trimStart().startsWith('<'))
    return undefined;
  const on = spec.params.some(
    (p) => p.type === 'boolean' && p.answersHtml && parseBoolean(values[p.name] ?? '') === true,
  );
  return on ? error.body : undefined;
}
