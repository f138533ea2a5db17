import { version } from '../../../package.json';
import { maskKey } from '../answer-text.ts';
import { API_KEY_HEADER } from '../proxy-contract.ts';

/**
 * One request shown in the inspector as an HTTP Archive (HAR 1.2), the file browsers'
 * network panels, Charles, Fiddler and Insomnia read. It describes the exchange as the
 * browser had it: the same-origin `/api` URL (which never holds the key, decision 013) and
 * the `X-Api-Key` header with its value masked. The key is masked anywhere else it could
 * appear (an echoing body).
 */

export const HAR_KEY_MASK = '•••';

/** Images larger than this are described without their bytes (a HAR file is read whole). */
export const HAR_MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Reason phrases of the statuses the service and its proxy answer (HTTP/2 sends none). */
const STATUS_TEXTS: Record<number, string> = {
  200: 'OK',
  202: 'Accepted',
  302: 'Found',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The base64 of bytes, in chunks (a spread of megabytes would overflow the call stack). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export interface HarRequest {
  /** Page origin, e.g. http://127.0.0.1:5173. */
  origin: string;
  /** Same-origin path and query as the client built it; an `api_key` pair in it is dropped. */
  path: string;
  /** HTTP status, or undefined when no answer came (network failure, timeout, cancel). */
  status?: number;
  /** Why no answer came (ApiError's kind), when none did. */
  failure?: string;
  contentType?: string;
  bytes?: number;
  durationMs?: number;
  /** When the answer arrived (ms since the epoch); the request started `durationMs` before. */
  answeredAt?: number;
  /** The answer as text (JSON, or a failure's plain text), when the inspector has it. */
  bodyText?: string;
  /** An image answer's bytes, base64 (up to HAR_MAX_IMAGE_BYTES), so a replay serves them. */
  bodyBase64?: string;
  /** The key in use, masked wherever it appears. */
  apiKey?: string | null;
}

interface NameValue {
  name: string;
  value: string;
}

/** `/api/search?query=a&api_key=•••` → the path with its query pairs, the key's left out. */
function splitPath(path: string): { url: string; query: NameValue[] } {
  const [base = '', search = ''] = path.split(/\?(.*)/s, 2);
  const parts = search.split('&').filter((p) => p !== '' && !/^api_key(=|$)/i.test(p));
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  const query = parts.map((p) => {
    const eq = p.indexOf('=');
    return eq === -1
      ? { name: decode(p), value: '' }
      : { name: decode(p.slice(0, eq)), value: decode(p.slice(eq + 1)) };
  });
  return { url: parts.length ? `${base}?${parts.join('&')}` : base, query };
}

/** A HAR 1.2 log with one entry: the request and what came back. */
export function harOf(r: HarRequest) {
  const { url, query } = splitPath(r.path);
  const mask = (text: string) => (r.apiKey ? maskKey(text, r.apiKey) : text);
  const duration = Math.max(0, Math.round(r.durationMs ?? 0));
  const answered = r.answeredAt && r.answeredAt > 0 ? r.answeredAt : Date.now();
  const answeredType = r.contentType ?? '';
  const responseHeaders: NameValue[] = [];
  if (answeredType) responseHeaders.push({ name: 'Content-Type', value: answeredType });
  if (r.bytes !== undefined)
    responseHeaders.push({ name: 'Content-Length', value: String(r.bytes) });
  return {
    log: {
      version: '1.2',
      creator: { name: 'Web Data Dashboard', version },
      entries: [
        {
          startedDateTime: new Date(answered - duration).toISOString(),
          time: duration,
          request: {
            method: 'GET',
            url: mask(`${r.origin}${url}`),
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [
              { name: 'Accept', value: '*/*' },
              { name: API_KEY_HEADER, value: HAR_KEY_MASK },
            ],
            queryString: query.map((q) => ({ name: q.name, value: mask(q.value) })),
            headersSize: -1,
            bodySize: 0,
            comment:
              'The key travels in the X-Api-Key header to the dashboard’s /api proxy, which sends it upstream as api_key; it is masked here.',
          },
          response: {
            status: r.status ?? 0,
            statusText:
              r.status === undefined ? (r.failure ?? 'no answer') : (STATUS_TEXTS[r.status] ?? ''),
            httpVersion: r.status === undefined ? '' : 'HTTP/1.1',
            cookies: [],
            headers: responseHeaders,
            content: {
              size: r.bytes ?? 0,
              mimeType: answeredType || 'x-unknown',
              ...(r.bodyBase64 !== undefined
                ? { text: r.bodyBase64, encoding: 'base64' }
                : r.bodyText !== undefined && { text: mask(r.bodyText) }),
            },
            redirectURL: '',
            headersSize: -1,
            bodySize: r.bytes ?? -1,
          },
          cache: {},
          timings: { send: 0, wait: duration, receive: 0 },
        },
      ],
    },
  };
}
