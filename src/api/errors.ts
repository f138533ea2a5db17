import type { ProxyErrorReason } from './proxy-contract.ts';

/** `held`: not sent at all, because a demo script is playing from its recording. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'held';

/** Whether the failed request used credits: known from the documented status table, or not knowable. */
export type Charged = 'no' | 'yes' | 'unknown';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Path of the endpoint without the query string, so the key can never travel with the error. */
  endpoint: string;
  status?: number;
  bodyExcerpt?: string;
  durationMs?: number;
  /** The dashboard's proxy (or the client) refused the answer itself. */
  proxyError?: ProxyErrorReason;
  /** For `invalid-response`: what was wrong with a 200 answer. */
  invalid?: InvalidReason;
  /** The service's Retry-After, in seconds, when it sent one. */
  retryAfterSeconds?: number;
  /** For an answer other than 200: its Content-Type and its body (the key masked), for a HAR file. */
  contentType?: string;
  responseText?: string;
}

/**
 * `html`: a web page instead of data (often a captcha or a login page). `empty`: no body.
 * `wrong-shape`: JSON, but not the shape the endpoint answers. `malformed`: broken or cut off.
 */
export type InvalidReason = 'html' | 'empty' | 'wrong-shape' | 'malformed';

const INVALID_TEXT: Record<InvalidReason, StatusText> = {
  html: {
    title: 'The service answered with a web page instead of data (often a captcha or a login page)',
    advice: 'Try again later; if it persists, the page excerpt below shows what the service sent.',
    charged: 'unknown',
  },
  empty: {
    title: 'The service answered with an empty body',
    advice: 'Try again later, and check the account page before re-running a paid request.',
    charged: 'unknown',
  },
  'wrong-shape': {
    title: 'The service answered with data of an unexpected shape',
    advice:
      'Nothing is shown rather than a misleading "no results". The raw body below shows what arrived; check the endpoint path (API_PATH_MAP).',
    charged: 'unknown',
  },
  malformed: {
    title: 'The service answered, but the body was malformed or cut off',
    advice: 'Run it again later; if it keeps happening, the raw body below shows what arrived.',
    charged: 'unknown',
  },
};

const EXCERPT_LENGTH = 600;

interface StatusText {
  title: string;
  advice: string;
  charged: Charged;
}

/** The service's documented status codes (upstream-notes.md) and what a user should do about each. */
const STATUS_TEXT: Record<number, StatusText> = {
  202: {
    title: 'The service accepted the request but is still working on it',
    advice:
      'Wait a little and check the account page before running it again, so it is not charged twice.',
    charged: 'unknown',
  },
  400: {
    title: 'The service rejected the request: a parameter is bad or missing, or the scrape failed',
    advice: 'Check the parameters and run it again.',
    charged: 'no',
  },
  401: {
    title: 'The API key was rejected (missing or invalid)',
    advice: 'Open the key dialog and enter the key shown on your service dashboard.',
    charged: 'no',
  },
  403: {
    title: "Your plan's request limit is reached: no credits left",
    advice: 'Wait for the plan period to renew, or upgrade the plan.',
    charged: 'no',
  },
  404: {
    title: 'The target URL is wrong: the service could not find that page',
    advice: 'Correct the URL before running again: every attempt is charged.',
    charged: 'yes',
  },
  410: {
    title: 'The service gave up after its internal retries (about 60 s)',
    advice: 'Run it again; a slow target page may need another try.',
    charged: 'no',
  },
  429: {
    title: "Too many requests at once for your plan's concurrency limit",
    advice: 'Wait for running requests to finish, then run it again.',
    charged: 'no',
  },
};

const KIND_TEXT: Record<Exclude<ApiErrorKind, 'http'>, StatusText> = {
  network: {
    title: 'The service could not be reached, or the connection dropped',
    advice:
      'Check the connection and the account page (credits may have been spent if it arrived), then try again.',
    charged: 'unknown',
  },
  timeout: {
    title: 'No answer within 90 seconds, so the request was abandoned',
    advice:
      'The service may still finish and charge it: check the account page before running again.',
    charged: 'unknown',
  },
  aborted: {
    title: 'You cancelled the request',
    advice:
      'The service may still finish and charge it: check the account page before running again.',
    charged: 'unknown',
  },
  'invalid-response': {
    title: 'The service answered, but the body was malformed or cut off',
    advice: 'Run it again later; if it keeps happening, the raw body below shows what arrived.',
    charged: 'unknown',
  },
  held: {
    title: 'Nothing was sent: a demo script is playing from its recording',
    advice: 'Leave the demo (Esc) to run requests, or choose a live replay in the player.',
    charged: 'no',
  },
};

const PROXY_TEXT: Record<ProxyErrorReason, StatusText> = {
  redirect: {
    title: 'The service answered with a redirect, which the dashboard does not follow',
    advice:
      'A redirect to another host would carry your key there. Check the upstream address (API_TARGET): scheme, host and path.',
    charged: 'unknown',
  },
  'too-large': {
    title: 'The answer was larger than the dashboard accepts',
    advice:
      'Narrow the request (fewer results, a smaller page or image). An operator can raise API_MAX_BODY_BYTES on the dashboard server.',
    charged: 'unknown',
  },
  interim: {
    title: 'The service sent an interim answer (HTTP 1xx) that the dashboard’s server cannot check',
    advice:
      'The answer behind it was refused unread. Try again; if it keeps happening, the service or a proxy before it sends early hints, which the dashboard’s nginx cannot pass on safely.',
    charged: 'unknown',
  },
};

function textFor(init: ApiErrorInit): StatusText {
  const { kind, status, proxyError, invalid } = init;
  if (proxyError) return PROXY_TEXT[proxyError];
  if (kind === 'invalid-response' && invalid) return INVALID_TEXT[invalid];
  if (kind !== 'http') return KIND_TEXT[kind];
  if (status !== undefined && STATUS_TEXT[status]) return STATUS_TEXT[status];
  if (status !== undefined && status >= 500) {
    return {
      title: `The service had an internal error (HTTP ${status})`,
      advice: 'This is usually temporary: check the account page, then try again in a moment.',
      charged: 'unknown',
    };
  }
  return {
    title: `The service answered with an unexpected status (HTTP ${status ?? '?'})`,
    advice: 'Check the parameters and the account page, then try again.',
    charged: 'unknown',
  };
}

/**
 * What a person can do about a failure (issue #35, point 5): `retry` only where trying again can
 * help (the answer may differ: a transient fault, a timeout, a dropped connection); `key` for a
 * refused key (the key dialog); `billing` when the credits are gone (the plan, not a retry);
 * `none` where the same request would fail the same way (bad parameters, a wrong target URL,
 * which a charged 404 would charge again, an answer of the wrong shape, a redirect).
 */
export type NextStep = 'retry' | 'key' | 'billing' | 'none';

function nextStepOf(init: ApiErrorInit): NextStep {
  const { kind, status, proxyError, invalid } = init;
  if (proxyError) return proxyError === 'interim' ? 'retry' : 'none';
  if (kind === 'held') return 'none';
  if (kind === 'invalid-response') return invalid === 'wrong-shape' ? 'none' : 'retry';
  if (kind !== 'http') return 'retry';
  if (status === 401) return 'key';
  if (status === 403) return 'billing';
  if (status === 400 || status === 404 || status === 202) return 'none';
  return 'retry';
}

/** A failed API call. Its message never contains the API key: only the endpoint path is kept. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly bodyExcerpt: string;
  /**
   * The whole body of a 200 answer that was not JSON (the client hands it over whole;
   * `bodyExcerpt` is its short form). Kept so a request the catalogue lets answer
   * HTML (shorts with html=true) can still read it; never shown as is.
   */
  readonly body: string | undefined;
  readonly durationMs: number | undefined;
  readonly title: string;
  readonly advice: string;
  readonly charged: Charged;
  readonly nextStep: NextStep;
  readonly retryAfterSeconds: number | undefined;
  /** The answer's Content-Type and whole body (key masked), when one came: never shown as is. */
  readonly contentType: string | undefined;
  readonly responseText: string | undefined;

  constructor(init: ApiErrorInit) {
    const text = textFor(init);
    super(`${text.title}.`);
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.bodyExcerpt = excerpt(init.bodyExcerpt ?? '');
    this.body =
      init.kind === 'invalid-response' && init.status === 200 ? init.bodyExcerpt : undefined;
    this.durationMs = init.durationMs;
    this.title = text.title;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.contentType = init.contentType;
    this.responseText = init.responseText;
    this.advice =
      init.retryAfterSeconds === undefined
        ? text.advice
        : `${text.advice} The service asks to wait ${formatWait(init.retryAfterSeconds)} before the next try.`;
    this.charged = text.charged;
    this.nextStep = nextStepOf(init);
  }

  /** Transient failures: free requests may retry these with backoff (never credit-spending ones). */
  get isTransient(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    return (
      this.kind === 'http' &&
      (this.status === 410 || this.status === 429 || (this.status ?? 0) >= 500)
    );
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function chargedLabel(charged: Charged): string {
  if (charged === 'yes') return 'Credits were spent on this request.';
  if (charged === 'no') return 'No credits were spent.';
  return 'Whether credits were spent is unknown.';
}

/** Error bodies are plain text or HTML: keep a short, whitespace-collapsed excerpt to show as text. */
export function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat;
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  return `about ${Math.round(seconds / 60)} min`;
}

/** Retry-After as seconds from now: a number of seconds or an HTTP date; undefined when absent or odd. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - now) / 1000));
}
