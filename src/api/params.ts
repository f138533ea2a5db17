import type { BooleanParam, EndpointSpec, EnumOption, ParamSpec } from './endpoints.ts';

/**
 * Parameter values by name, as a form, a page URL, a query key or a request holds them:
 * strings, a missing or empty one meaning "not set".
 */
export type Params = Record<string, string>;
/** The same values, for code that only reads them. */
export type ParamValues = Readonly<Params>;
export type ParamErrors = Record<string, string>;

export type Validation =
  | {
      ok: true;
      /** wire name/value pairs in catalogue order, empty optionals left out */ wire: [
        string,
        string,
      ][];
    }
  | { ok: false; errors: ParamErrors };

export const DEFAULT_MAX_LENGTH = 2048;
export const URL_MAX_LENGTH = 4096;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no']);

export function parseBoolean(raw: string): boolean | undefined {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

export function booleanToWire(param: BooleanParam, value: boolean): string {
  if (param.wire === 'one-zero') return value ? '1' : '0';
  return value ? 'true' : 'false';
}

/**
 * `form`: a value as a person or a link writes it (on/yes/1 for a switch, any case for a
 * choice), read into its wire form. `wire`: a value as the service takes it, exactly as the
 * interface and the OpenAPI document write it (`true`/`false`, `nfpr` as `1`/`0`, a choice in
 * its own spelling): how the sandbox checks a request, so what works offline works live.
 */
export type ParamReading = 'form' | 'wire';

/** Checks one value; returns the wire form, or an error message that names the field. */
export function checkParam(
  param: ParamSpec,
  raw: string | undefined,
  reading: ParamReading = 'form',
): { value?: string; error?: string } {
  const value = (raw ?? '').trim();
  if (value === '') {
    return param.required ? { error: `${param.label} is required.` } : {};
  }
  if (LONE_SURROGATE.test(value)) {
    return { error: `${param.label} contains a character that cannot be sent.` };
  }
  switch (param.type) {
    case 'string': {
      const max = param.maxLength ?? DEFAULT_MAX_LENGTH;
      if (value.length > max)
        return { error: `${param.label} is too long (at most ${max} characters).` };
      if (param.pattern && !param.pattern.regex.test(value))
        return { error: param.pattern.message };
      return { value };
    }
    case 'url': {
      if (value.length > URL_MAX_LENGTH) {
        return { error: `${param.label} is too long (at most ${URL_MAX_LENGTH} characters).` };
      }
      if (!isHttpUrl(value)) {
        return { error: `${param.label} must be a full http:// or https:// address.` };
      }
      return { value };
    }
    case 'integer': {
      const range = describeRange(param.min, param.max);
      if (!/^[+-]?\d{1,9}$/.test(value))
        return { error: `${param.label} must be a whole number${range}.` };
      const n = Number(value);
      if (
        (param.min !== undefined && n < param.min) ||
        (param.max !== undefined && n > param.max)
      ) {
        return { error: `${param.label} must be a whole number${range}.` };
      }
      return { value: String(n) };
    }
    case 'boolean': {
      if (reading === 'wire') {
        const words = [booleanToWire(param, true), booleanToWire(param, false)];
        return words.includes(value)
          ? { value }
          : { error: `${param.label} must be ${words.join(' or ')}.` };
      }
      const b = parseBoolean(value);
      if (b === undefined) return { error: `${param.label} must be on or off.` };
      return { value: booleanToWire(param, b) };
    }
    case 'enum': {
      const same = (o: EnumOption) =>
        reading === 'wire' ? o.value === value : o.value.toLowerCase() === value.toLowerCase();
      const match = param.options.find(same);
      if (!match) {
        return {
          error: `${param.label} must be one of ${param.options.map((o) => o.value).join(', ')}.`,
        };
      }
      return { value: match.value };
    }
  }
}

/**
 * Whether a parameter matters for these values (`onlyWhen` in the catalogue): the other
 * parameter's value, or its default when it is empty, must be one of the listed ones.
 */
export function paramApplies(spec: EndpointSpec, param: ParamSpec, values: ParamValues): boolean {
  if (!param.onlyWhen) return true;
  const { param: other, values: allowed } = param.onlyWhen;
  const raw =
    values[other]?.trim().toLowerCase() || spec.params.find((p) => p.name === other)?.default;
  return raw !== undefined && allowed.includes(raw);
}

/**
 * Validates every catalogue parameter of an endpoint. Values the catalogue does not know are
 * ignored; so are values that do not apply (`onlyWhen`) when read as a form, which never sends
 * them, while on the wire they are still held to their type and range (the interface gives a
 * PNG's `quality` the same 0–100) and then left out.
 */
export function validateParams(
  spec: EndpointSpec,
  values: ParamValues,
  reading: ParamReading = 'form',
): Validation {
  const errors: ParamErrors = {};
  const wire: [string, string][] = [];
  for (const param of spec.params) {
    const applies = paramApplies(spec, param, values);
    if (!applies && reading === 'form') continue;
    const { value, error } = checkParam(param, values[param.name], reading);
    if (error) errors[param.name] = error;
    else if (value !== undefined && applies) wire.push([param.name, value]);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, wire };
}

/**
 * The query string for a request, `api_key` last. Every value is percent-encoded
 * (spaces as %20, so the string reads the same in curl and in a browser).
 */
export function buildQueryString(wire: readonly [string, string][], apiKey?: string): string {
  const pairs = apiKey === undefined ? wire : [...wire, ['api_key', apiKey] as const];
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** Only the form's own parameters, trimmed and with empty ones dropped: what a page URL keeps. */
export function pickParams(spec: EndpointSpec, source: ParamValues): Params {
  const out: Record<string, string> = {};
  for (const p of spec.params) {
    // A value that does not apply is never sent, so it must not make a second cache entry.
    if (!paramApplies(spec, p, source)) continue;
    const v = source[p.name]?.trim();
    if (v) out[p.name] = v;
  }
  return out;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

function describeRange(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** The same parameters (both already picked: no empty values). */
export function sameParams(a: ParamValues, b: ParamValues): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
