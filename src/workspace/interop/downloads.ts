import { API_BASE } from '../../api/client.ts';
import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import type { ApiMeta } from '../../api/meta-queries.ts';
import type { Params } from '../../api/params.ts';
import { downloadText, fileDate, fileSlug } from '../../lib/download.ts';

/** Where requests from outside go: the live service's base, or this server's `/api` (as snippets). */
export const serviceBase = (meta: ApiMeta | undefined): string =>
  meta?.snippetBase ?? `${window.location.origin}${API_BASE}`;

/**
 * Saves the catalogue's OpenAPI 3.1 document: the build's `dist/openapi.json`, byte for byte,
 * the base left as a `{base_url}` variable (decision 063). Loaded on use.
 */
export async function downloadOpenApi(): Promise<void> {
  const { openApiText, OPENAPI_FILE } = await import('../../api/interop/openapi.ts');
  downloadText(OPENAPI_FILE, openApiText(), 'application/json');
}

/**
 * Saves requests as a Postman v2.1 collection, the key as `{{api_key}}` (never its value).
 * Entries of endpoints the catalogue no longer has are left out. Loaded on use.
 */
export async function downloadPostmanCollection(
  name: string,
  requests: readonly { endpoint: string; params: Params }[],
  meta: ApiMeta | undefined,
): Promise<void> {
  const { postmanCollection } = await import('../../api/interop/postman.ts');
  const known = requests.flatMap((r) =>
    Object.hasOwn(ENDPOINTS, r.endpoint) ? [{ ...r, endpoint: r.endpoint as EndpointId }] : [],
  );
  const collection = postmanCollection(known, {
    name,
    base: serviceBase(meta),
    pathMap: meta?.pathMap,
  });
  downloadText(
    `${fileSlug(name)}-${fileDate()}.postman_collection.json`,
    `${JSON.stringify(collection, null, 2)}\n`,
    'application/json',
  );
}
