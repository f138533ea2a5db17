import { checkParam } from '../../../api/params.ts';
import { ENDPOINTS, type ParamSpec } from '../../../api/endpoints.ts';
import type { BatchEndpointId } from './endpoints.ts';

/** One column of a batch: the results' country and language. */
export interface Locale {
  country: string;
  language: string;
}

/** How the catalogue's defaults read: a locale with nothing chosen is the upstream's own (us, en). */
function localeParam(endpoint: BatchEndpointId, name: 'country' | 'language'): ParamSpec {
  const param = ENDPOINTS[endpoint].params.find((p) => p.name === name);
  if (!param) throw new Error(`${endpoint} has no ${name} parameter`);
  return param;
}

/** Codes in one spelling, so `GB` and `gb` are one column: country lower case, language `pt-BR`. */
function canonical(locale: Locale): Locale {
  const [primary = '', region] = locale.language.trim().split('-');
  return {
    country: locale.country.trim().toLowerCase(),
    language: region ? `${primary.toLowerCase()}-${region.toUpperCase()}` : primary.toLowerCase(),
  };
}

/**
 * A locale as the endpoint's catalogue checks it (an empty part takes the interface's default),
 * or the reasons it cannot be sent.
 */
export function checkLocale(
  endpoint: BatchEndpointId,
  locale: Partial<Locale>,
): { locale: Locale } | { errors: string[] } {
  const errors: string[] = [];
  const value = (name: 'country' | 'language') => {
    const param = localeParam(endpoint, name);
    const raw = locale[name]?.trim() ? locale[name] : param.default;
    const checked = checkParam(param, raw);
    if (checked.error) errors.push(checked.error);
    return checked.value ?? '';
  };
  const country = value('country');
  const language = value('language');
  return errors.length > 0 ? { errors } : { locale: canonical({ country, language }) };
}

export const localeKey = (locale: Locale) => `${locale.country}|${locale.language}`;

/** How a column is headed: "GB · en", as the search view's comparison names a locale. */
export const localeLabel = (locale: Locale) =>
  `${locale.country.toUpperCase()} · ${locale.language}`;

/** The locales without repeats, in the order first given. */
export function distinctLocales(locales: readonly Locale[]): Locale[] {
  const seen = new Set<string>();
  return locales.filter((l) => !seen.has(localeKey(l)) && seen.add(localeKey(l)));
}

/** A locale as typed in its pickers (empty: the service's default). */
export interface LocaleField {
  /** Stable across edits, for React's keys and the fields' ids. */
  key: number;
  country: string;
  language: string;
}

let nextKey = 1;
export const localeField = (l: Partial<Locale> = {}): LocaleField => ({
  key: nextKey++,
  country: l.country ?? '',
  language: l.language ?? '',
});

/**
 * Locale fields as typed, each checked as the endpoint's form checks it: the distinct locales
 * that can be sent, and per field the reasons it cannot (empty when it can).
 */
export function checkLocaleFields(
  endpoint: BatchEndpointId,
  fields: readonly Partial<Locale>[],
): { locales: Locale[]; errors: string[][] } {
  const checked = fields.map((l) => checkLocale(endpoint, l));
  return {
    locales: distinctLocales(checked.flatMap((c) => ('locale' in c ? [c.locale] : []))),
    errors: checked.map((c) => ('errors' in c ? c.errors : [])),
  };
}
