import { RASTER_IMAGE_TYPES, type EndpointSpec } from '../api/endpoints.ts';

/** What every endpoint may answer: its JSON, or a plain-text error. */
const ANY_ENDPOINT = ['application/json', 'text/plain'];
const IMAGES = RASTER_IMAGE_TYPES.map((t) => t.mediaType);

/** The media types an endpoint's answers may carry: raster images for image endpoints, HTML where a switch asks for it. */
export function allowedMediaTypes(spec: EndpointSpec): string[] {
  const html = spec.params.some((p) => p.type === 'boolean' && p.answersHtml);
  return [
    ...ANY_ENDPOINT,
    ...(spec.response === 'image' ? IMAGES : []),
    ...(html ? ['text/html'] : []),
  ];
}

/**
 * The Content-Type an `/api` answer reaches the browser with: the upstream's, when the
 * endpoint answers that type (with its charset, if a plain token), else
 * `application/octet-stream`, which no browser runs as script, style or page (decision 031;
 * deploy/api-response.js has the same rule for nginx).
 */
export function browserContentType(spec: EndpointSpec, upstream: string | undefined): string {
  const [essence = '', ...params] = (upstream ?? '').split(';');
  const type = essence.trim().toLowerCase();
  if (!allowedMediaTypes(spec).includes(type)) return 'application/octet-stream';
  const charset = params
    .map((p) => /^\s*charset\s*=\s*"?([A-Za-z0-9_-]+)"?\s*$/i.exec(p)?.[1])
    .find(Boolean);
  return charset ? `${type}; charset=${charset.toLowerCase()}` : type;
}
