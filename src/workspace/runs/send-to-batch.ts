import { isRecord } from '../../lib/is-record.ts';
import { serializeDefinition, type BatchDefinition } from './lib/definition.ts';
import { isBatchEndpoint, type BatchEndpointId } from './lib/endpoints.ts';
import type { Locale } from './lib/locale.ts';

/**
 * What "Send to batch" carries to the batch view (autocomplete's keyword expansion, the
 * history): the queries, and the locales they were asked at. It travels in the navigation's
 * state, so nothing is stored and the link's URL stays short; the view takes it once.
 */
export interface BatchHandoff {
  endpoint: BatchEndpointId;
  queries: string[];
  locales: Partial<Locale>[];
  /** Where they come from, said in the view ("12 keywords from autocomplete's expansion"). */
  from: string;
}

/** The navigation state that hands `handoff` to /batch. */
export const batchHandoffState = (handoff: BatchHandoff) => ({ batchHandoff: handoff });

const isText = (v: unknown): v is string => typeof v === 'string';

/** The handoff in a navigation's state, checked (the state is the page's, but history can hold anything). */
export function readBatchHandoff(state: unknown): BatchHandoff | null {
  const h = (state as { batchHandoff?: Partial<BatchHandoff> } | null)?.batchHandoff;
  if (
    !h ||
    !isBatchEndpoint(h.endpoint) ||
    !Array.isArray(h.queries) ||
    !h.queries.every(isText) ||
    !Array.isArray(h.locales) ||
    !isText(h.from)
  )
    return null;
  const locales = h.locales.flatMap((l: unknown) => {
    const { country, language } = (l ?? {}) as Partial<Record<keyof Locale, unknown>>;
    return isText(country) || isText(language)
      ? [{ country: isText(country) ? country : '', language: isText(language) ? language : '' }]
      : [];
  });
  return { endpoint: h.endpoint, queries: h.queries, locales, from: h.from };
}

/**
 * A whole batch handed to /batch (a demo script's batch step): its form filled as a loaded batch
 * file fills it. It travels as the file's text and is read back as a file is, checked
 * (`readBatchDefinition` in the batch view, which loads the file's schema). `recorded`: its
 * cells' answers are in the cache as the step recorded them (decision 097), so the view shows
 * the batch with them, sending nothing.
 */
export const batchDefinitionState = (
  definition: BatchDefinition,
  from: string,
  recorded = false,
) => ({
  batchDefinition: { text: serializeDefinition(definition), from, ...(recorded && { recorded }) },
});

/**
 * The navigation still carries a batch the batch view has not taken yet: it takes it once, and
 * then replaces its URL (batch-page.tsx), which drops the state.
 */
export const carriesBatch = (state: unknown): boolean =>
  isRecord(state) && 'batchDefinition' in state;

/** The distinct locales of some requests' parameters, in order. */
export function localesOf(params: readonly Readonly<Record<string, string>>[]): Partial<Locale>[] {
  const seen = new Set<string>();
  const out: Partial<Locale>[] = [];
  for (const p of params) {
    const locale = { country: p.country ?? '', language: p.language ?? '' };
    const key = `${locale.country.toLowerCase()}|${locale.language.toLowerCase()}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(locale);
    }
  }
  return out;
}
