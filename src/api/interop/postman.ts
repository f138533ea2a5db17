import { ENDPOINTS, type EndpointId } from '../endpoints.ts';
import { pickParams, validateParams, type ParamValues } from '../params.ts';
import { requestLabel } from '../request-link.ts';

/**
 * Requests as a Postman collection (format v2.1, which Postman, Insomnia, Hoppscotch and
 * Bruno import): one GET per request under `{{baseUrl}}`, and the key sent by the
 * collection's `apikey` auth (in the query, as `api_key`) from the variable `{{api_key}}`.
 * The collection defines no `api_key` variable: a collection variable outranks the user's
 * globals, so an empty one would hide the key set there (decision 063). The key's value is
 * never written. History, a batch or a demo script call `postmanCollection`.
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

interface AuthAttribute {
  key: string;
  value: string;
  type: 'string';
}

export interface PostmanCollection {
  info: { name: string; description: string; schema: typeof POSTMAN_SCHEMA };
  auth: { type: 'apikey'; apikey: AuthAttribute[] };
  item: PostmanItem[];
  variable: { key: string; value: string; type: 'string'; description: string }[];
}

/** The key's variable: set in the tool's globals, an environment or a data file. */
export const KEY_VARIABLE_NAME = 'api_key';

const KEY_HELP = `The key is sent as the query parameter api_key by the collection's API-key auth, from the variable {{${KEY_VARIABLE_NAME}}}: set it in your globals, an environment or a data file (newman: --global-var ${KEY_VARIABLE_NAME}=… or --env-var ${KEY_VARIABLE_NAME}=…). The dashboard never exports it.`;

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
  const query: QueryParam[] = wireOf(request.endpoint, request.params).map(([key, value]) => ({
    key,
    value: encodeURIComponent(value),
  }));
  const search = query.map((q) => `${q.key}=${q.value}`).join('&');
  const raw = `${BASE_VARIABLE}/${segment}${search ? `?${search}` : ''}`;
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
    info: {
      name,
      description: description === undefined ? KEY_HELP : `${description}\n\n${KEY_HELP}`,
      schema: POSTMAN_SCHEMA,
    },
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'api_key', type: 'string' },
        { key: 'value', value: `{{${KEY_VARIABLE_NAME}}}`, type: 'string' },
        { key: 'in', value: 'query', type: 'string' },
      ],
    },
    item: requests.map((r) => itemOf(r, pathMap)),
    // Only variables with a value: the base the dashboard knows, which an environment or a
    // data file can still override.
    variable: base
      ? [{ key: 'baseUrl', value: base, type: 'string', description: 'The service’s base URL.' }]
      : [],
  };
}
