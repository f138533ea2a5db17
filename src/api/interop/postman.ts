import { ENDPOINTS, type EndpointId } from '../endpoints.ts';
import { pickParams, validateParams, type ParamValues } from '../params.ts';
import { requestLabel } from '../request-link.ts';

/**
 * Requests as a Postman collection (format v2.1, which Postman, Insomnia, Hoppscotch and
 * Bruno import): one GET per request, the base URL as `{{baseUrl}}` and the key as
 * `{{api_key}}`, collection variables whose value the user sets in the tool. The key's
 * value is never written. History, a batch or a demo script call `postmanCollection`.
 */

export const POSTMAN_SCHEMA =
  'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

export interface CollectionRequest {
  endpoint: EndpointId;
  /** Form values (as a view's URL or a history entry holds them). */
  params: ParamValues;
  /** The item's name; the request's label ("Search “tea”") when absent. */
  name?: string;
  description?: string;
}

export interface CollectionOptions {
  name: string;
  description?: string;
  /** The `{{baseUrl}}` variable's value: the service's base URL. */
  base: string;
  /** Live path renames (neutral name → upstream name). */
  pathMap?: Readonly<Record<string, string>>;
}

interface QueryParam {
  key: string;
  value: string;
}

export interface PostmanItem {
  name: string;
  request: {
    method: 'GET';
    header: [];
    url: { raw: string; host: string[]; path: string[]; query: QueryParam[] };
    description?: string;
  };
}

export interface PostmanCollection {
  info: { name: string; description?: string; schema: typeof POSTMAN_SCHEMA };
  item: PostmanItem[];
  variable: { key: string; value: string; type: 'string'; description: string }[];
}

const KEY_VARIABLE = '{{api_key}}';
const BASE_VARIABLE = '{{baseUrl}}';

/** The wire pairs the dashboard would send (booleans as the endpoint writes them), or the values as given if they do not pass. */
function wireOf(endpoint: EndpointId, params: ParamValues): [string, string][] {
  const spec = ENDPOINTS[endpoint];
  const checked = validateParams(spec, params);
  return checked.ok ? checked.wire : Object.entries(pickParams(spec, params));
}

function itemOf(
  request: CollectionRequest,
  pathMap: Readonly<Record<string, string>>,
): PostmanItem {
  const name = ENDPOINTS[request.endpoint].path.slice(1);
  const segment = pathMap[name] ?? name;
  // Values percent-encoded, as in the raw URL: a tool then sends `&`, `#` or `+` in a value as itself.
  const query: QueryParam[] = [
    ...wireOf(request.endpoint, request.params).map(([key, value]) => ({
      key,
      value: encodeURIComponent(value),
    })),
    { key: 'api_key', value: KEY_VARIABLE },
  ];
  const raw = `${BASE_VARIABLE}/${segment}?${query.map((q) => `${q.key}=${q.value}`).join('&')}`;
  return {
    name: request.name ?? requestLabel(request.endpoint, { ...request.params }),
    request: {
      method: 'GET',
      header: [],
      url: { raw, host: [BASE_VARIABLE], path: [segment], query },
      ...(request.description !== undefined && { description: request.description }),
    },
  };
}

/** A Postman v2.1 collection of these requests, in their order. */
export function postmanCollection(
  requests: readonly CollectionRequest[],
  { name, description, base, pathMap = {} }: CollectionOptions,
): PostmanCollection {
  return {
    info: { name, ...(description !== undefined && { description }), schema: POSTMAN_SCHEMA },
    item: requests.map((r) => itemOf(r, pathMap)),
    variable: [
      { key: 'baseUrl', value: base, type: 'string', description: 'The service’s base URL.' },
      {
        key: 'api_key',
        value: '',
        type: 'string',
        description: 'Your personal key: set it here. The dashboard never exports it.',
      },
    ],
  };
}
