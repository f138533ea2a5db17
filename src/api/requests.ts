import type * as z from 'zod/mini';
import { callEndpoint, type RequestOptions, type ResponseMeta } from './client.ts';
import { ENDPOINTS, type EndpointId } from './endpoints.ts';
import { ApiError } from './errors.ts';
import type { ParamValues } from './params.ts';
import {
  accountResponseSchema,
  autocompleteResponseSchema,
  realtyResponseSchema,
  searchResponseSchema,
  shortsResponseSchema,
  webhookResponseSchema,
} from './schemas.ts';

/** A parsed JSON answer, with the untouched body for the inspector. */
export interface JsonResult<T> {
  data: T;
  raw: unknown;
  meta: ResponseMeta;
}

export type ScreenshotResult =
  | { kind: 'image'; blob: Blob; meta: ResponseMeta }
  // Some deployments answer JSON metadata instead of bytes (upstream-notes.md): show it, don't crash.
  | { kind: 'json'; raw: unknown; meta: ResponseMeta };

async function getJson<S extends z.ZodMiniType>(
  id: EndpointId,
  schema: S,
  values: ParamValues,
  options: RequestOptions,
): Promise<JsonResult<z.output<S>>> {
  const res = await callEndpoint(id, values, options);
  if (res.kind !== 'json') {
    throw new ApiError({
      kind: 'invalid-response',
      endpoint: ENDPOINTS[id].path,
      status: res.meta.status,
      bodyExcerpt: `(${res.meta.contentType} body)`,
    });
  }
  const parsed = schema.safeParse(res.value);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'invalid-response',
      endpoint: ENDPOINTS[id].path,
      status: res.meta.status,
      bodyExcerpt: res.text,
      durationMs: res.meta.durationMs,
    });
  }
  return { data: parsed.data, raw: res.value, meta: res.meta };
}

export const getShorts = (v: ParamValues, o: RequestOptions) =>
  getJson('shorts', shortsResponseSchema, v, o);
export const getSearch = (v: ParamValues, o: RequestOptions) =>
  getJson('search', searchResponseSchema, v, o);
export const getAutocomplete = (v: ParamValues, o: RequestOptions) =>
  getJson('autocomplete', autocompleteResponseSchema, v, o);
export const getRealty = (v: ParamValues, o: RequestOptions) =>
  getJson('realty', realtyResponseSchema, v, o);
export const getAccount = (o: RequestOptions) => getJson('account', accountResponseSchema, {}, o);
export const submitWebhook = (v: ParamValues, o: RequestOptions) =>
  getJson('webhook', webhookResponseSchema, v, o);

export async function getScreenshot(
  values: ParamValues,
  options: RequestOptions,
): Promise<ScreenshotResult> {
  const res = await callEndpoint('screenshot', values, options);
  if (res.kind === 'image') return res;
  return { kind: 'json', raw: res.value, meta: res.meta };
}
