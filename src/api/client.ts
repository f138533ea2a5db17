import { ENDPOINTS, type EndpointId } from './endpoints.ts';
import { ApiError, parseRetryAfter, type InvalidReason } from './errors.ts';
import {
  API_KEY_HEADER,
  DEFAULT_MAX_BODY_BYTES,
  PROXY_ERROR_HEADER,
  proxyErrorReason,
} from './proxy-contract.ts';
import { answerText, jsonBlob, parsedAnswer } from './answer-text.ts';
import { readOffPage, readsOffPage, type OffPageReading } from './parse-off-page.ts';
import { joinChunks, readCappedChunks } from './read-capped-body.ts';
import { buildQueryString, validateParams, type ParamErrors, type ParamValues } from './params.ts';
import { sendingHeld } from '../session/demo-playback.ts';

/** Longer than the upstream's own ~60 s limit, so its 410 arrives before we give up. */
export const REQUEST_TIMEOUT_MS = 90_000;
export const API_BASE = '/api';

export interface RequestOptions {
  apiKey: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Larger answers are refused (the proxy has its own cap). */
  maxBodyBytes?: number;
  /** Who sent it, for the spend ledger: a batch's or a tracker run's mark (`meta.batch`). */
  origin?: string | null;
}

export interface ResponseMeta {
  endpoint: EndpointId;
  /** Same-origin request URL with the key replaced by a mask: safe to show and to log. */
  maskedUrl: string;
  status: number;
  durationMs: number;
  bytes: number;
  contentType: string;
}

export type RawResponse =
  | {
      kind: 'json';
      value: unknown;
      /** The body's text; when it was read off the page, its first 4 kB (for an excerpt). */
      text: string;
      /** The body as received (the key masked if it was echoed): see {@link keptBody}. */
      body: KeptBody;
      meta: ResponseMeta;
    }
  | { kind: 'image'; blob: Blob; meta: ResponseMeta };

/** Thrown when parameters fail the catalogue's checks; nothing is sent. */
export class ParamValidationError extends Error {
  override readonly name = 'ParamValidationError';
  readonly errors: ParamErrors;
  constructor(errors: ParamErrors) {
    super(Object.values(errors).join(' '));
    this.errors = errors;
  }
}

/**
 * A JSON body as kept for storing later: a large one as a Blob, off the JS heap; a smaller one as
 * its text, which costs less than a Blob (each Blob is a round trip to the browser's blob
 * registry: 0.2 ms, a thousand of them in a batch, at times one of 60 ms on a busy machine).
 */
export type KeptBody = Blob | string;
const BLOB_FROM_BYTES = 256 * 1024;

function keptBody(bytes: Uint8Array<ArrayBuffer>, text: string, echoesKey: boolean): KeptBody {
  return bytes.byteLength < BLOB_FROM_BYTES ? text : jsonBlob(bytes, text, echoesKey);
}

/** A kept body's text. */
export const bodyText = (body: KeptBody): Promise<string> =>
  typeof body === 'string' ? Promise.resolve(body) : body.text();

/** The wire parameters of a request; throws ParamValidationError on bad input (nothing is sent). */
export function wireFor(id: EndpointId, values: ParamValues): [string, string][] {
  const checked = validateParams(ENDPOINTS[id], values);
  if (!checked.ok) throw new ParamValidationError(checked.errors);
  return checked.wire;
}

/** The same-origin URL for wire parameters, with the key last when one is given. */
export function requestUrl(id: EndpointId, wire: readonly [string, string][], apiKey?: string) {
  const qs = buildQueryString(wire, apiKey);
  return qs ? `${API_BASE}${ENDPOINTS[id].path}?${qs}` : `${API_BASE}${ENDPOINTS[id].path}`;
}

/** The request URL as it may be shown or logged: the key replaced by a mask. */
export function maskedRequestUrl(id: EndpointId, wire: readonly [string, string][]): string {
  const qs = buildQueryString(wire);
  return `${API_BASE}${ENDPOINTS[id].path}?${qs ? `${qs}&` : ''}api_key=•••`;
}

/**
 * Calls one endpoint through the same-origin proxy. Resolves with the body on
 * HTTP 200 only; throws ApiError (http | network | timeout | aborted |
 * invalid-response) otherwise, and ParamValidationError before sending bad input.
 */
export async function callEndpoint(
  id: EndpointId,
  values: ParamValues,
  {
    apiKey,
    signal,
    timeoutMs = configured('VITE_REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS),
    maxBodyBytes = configured('VITE_MAX_BODY_BYTES', DEFAULT_MAX_BODY_BYTES),
  }: RequestOptions,
): Promise<RawResponse> {
  const spec = ENDPOINTS[id];
  const wire = wireFor(id, values);
  // The key travels in a header to the same-origin proxy, never in a URL the browser
  // records (console, HTTP cache, resource timings, access logs): decision 013.
  const url = requestUrl(id, wire);
  const maskedUrl = maskedRequestUrl(id, wire);
  // No `cause` is kept: a runtime's own error may quote the request URL, and with it the key.
  const fail = (init: Omit<ConstructorParameters<typeof ApiError>[0], 'endpoint'>) =>
    new ApiError({ ...init, endpoint: spec.path });
  const notJson = (text: string, contentType: string, durationMs: number) =>
    fail({
      kind: 'invalid-response',
      invalid: invalidReason(text, contentType),
      status: 200,
      bodyExcerpt: text,
      durationMs,
    });
  // A demo playing from its recording sends nothing, whoever asks (decision 053).
  if (sendingHeld()) throw fail({ kind: 'held' });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const abortKind = (): 'timeout' | 'aborted' => (timedOut ? 'timeout' : 'aborted');
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: controller.signal,
        cache: 'no-store',
        // A redirect is never followed: it is reported (decision 013).
        redirect: 'manual',
        headers: { accept: '*/*', [API_KEY_HEADER]: apiKey },
      });
    } catch {
      throw fail({
        kind: controller.signal.aborted ? abortKind() : 'network',
        durationMs: elapsed(),
      });
    }

    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      controller.abort();
      throw fail({
        kind: 'http',
        status: response.status || 302,
        proxyError: 'redirect',
        durationMs: elapsed(),
      });
    }
    let read: Uint8Array[] | 'too-large';
    try {
      read = await readCappedChunks(response, maxBodyBytes);
    } catch {
      // The headers arrived but the body did not: a dropped connection or a cancel mid-body.
      throw fail({
        kind: controller.signal.aborted ? abortKind() : 'network',
        durationMs: elapsed(),
      });
    }
    if (read === 'too-large') {
      controller.abort();
      throw fail({
        kind: 'http',
        status: response.status,
        proxyError: 'too-large',
        durationMs: elapsed(),
      });
    }
    const chunks = read;
    const contentType = response.headers.get('content-type') ?? '';
    const meta: ResponseMeta = {
      endpoint: id,
      maskedUrl,
      status: response.status,
      durationMs: elapsed(),
      bytes: chunks.reduce((n, c) => n + c.byteLength, 0),
      contentType,
    };
    let offPage: OffPageReading | null = null;
    if (response.status === 200 && spec.response !== 'image' && readsOffPage(meta.bytes)) {
      try {
        offPage = await readOffPage(chunks, apiKey, controller.signal);
      } catch {
        // Cancelled, timed out, or the worker died holding the bytes.
        throw fail({
          kind: controller.signal.aborted ? abortKind() : 'network',
          durationMs: elapsed(),
        });
      }
    }
    if (offPage?.kind === 'json') return { ...offPage, meta };
    // Not JSON, as read off the page (the key already masked there).
    if (offPage?.kind === 'text') throw notJson(offPage.text, contentType, meta.durationMs);
    // Read here: a small answer, or one the worker could not read and gave back.
    const bytes = joinChunks(offPage?.kind === 'back' ? offPage.chunks : chunks);

    if (response.status !== 200) {
      const { text } = answerText(bytes, apiKey);
      throw fail({
        kind: 'http',
        status: response.status,
        bodyExcerpt: text,
        durationMs: meta.durationMs,
        proxyError: proxyErrorReason(response.headers.get(PROXY_ERROR_HEADER)),
        retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
        contentType,
        responseText: text,
      });
    }

    if (spec.response === 'image' && /^image\//i.test(contentType)) {
      return { kind: 'image', blob: new Blob([bytes], { type: contentType }), meta };
    }
    const parsed = parsedAnswer(bytes, apiKey);
    // Stored results keep this copy (app/result-persistence.ts): no re-serialising later.
    if (parsed.json) {
      const { value, text, echoesKey } = parsed;
      return { kind: 'json', value, text, body: keptBody(bytes, text, echoesKey), meta };
    }
    if (spec.response === 'image') return notScreenshot(parsed.text, contentType, meta);
    throw notJson(parsed.text, contentType, meta.durationMs);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * An image endpoint's other answers (text, HTML, nothing) are kept as bytes of their own type,
 * for the view to show as "not a screenshot" with an excerpt.
 */
function notScreenshot(text: string, contentType: string, meta: ResponseMeta): RawResponse {
  return {
    kind: 'image',
    blob: new Blob([text], { type: contentType || 'application/octet-stream' }),
    meta,
  };
}

/** Why a 200 body is not JSON, in the words the error panel uses. */
function invalidReason(text: string, contentType: string): InvalidReason {
  if (text.trim() === '') return 'empty';
  if (/html/i.test(contentType) || /^\s*<(!doctype|html|head|body)/i.test(text)) return 'html';
  return 'malformed';
}

/**
 * A build-time override of a client limit (a positive whole number in a `VITE_` variable),
 * for deployments with other needs and for tests of the limits; otherwise the default.
 */
function configured(name: 'VITE_REQUEST_TIMEOUT_MS' | 'VITE_MAX_BODY_BYTES', fallback: number) {
  const raw = (import.meta.env as Record<string, string | undefined>)[name];
  const value = Number(raw);
  return raw && Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
