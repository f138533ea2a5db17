import { ENDPOINTS, type ParamSpec } from '../../../api/endpoints.ts';

/** The endpoints a batch runs: each takes a query and a locale, and answers a ranked list. */
export const BATCH_ENDPOINTS = ['search', 'autocomplete', 'shorts'] as const;
export type BatchEndpointId = (typeof BATCH_ENDPOINTS)[number];

export function isBatchEndpoint(id: unknown): id is BatchEndpointId {
  return (BATCH_ENDPOINTS as readonly unknown[]).includes(id);
}

/** The parameters that make a locale: a batch's columns. */
export const LOCALE_PARAMS: readonly string[] = ['country', 'language'];

/**
 * The parameters a batch row may set besides its locale: the endpoint's own, except those
 * that make the answer a web page (shorts' `html`), which no cell or pivot can read.
 */
export function rowParams(endpoint: BatchEndpointId): readonly ParamSpec[] {
  return ENDPOINTS[endpoint].params.filter(
    (p) => !(p.type === 'boolean' && p.answersHtml) && !LOCALE_PARAMS.includes(p.name),
  );
}
