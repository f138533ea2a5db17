import { API_BASE } from '../../api/client.ts';
import type { ApiMeta } from '../../api/meta-queries.ts';
import { downloadText } from '../../lib/download.ts';

/** Where requests from outside go: the live service's base, or this server's `/api` (as snippets). */
export const serviceBase = (meta: ApiMeta | undefined): string =>
  meta?.snippetBase ?? `${window.location.origin}${API_BASE}`;

/**
 * Saves the catalogue's OpenAPI 3.1 document, with this server's base URL and path names
 * (the build's `dist/openapi.json` leaves the base as a variable). Loaded on use.
 */
export async function downloadOpenApi(meta: ApiMeta | undefined): Promise<void> {
  const { openApiDocument, OPENAPI_FILE } = await import('../../api/interop/openapi.ts');
  const doc = openApiDocument({ serverUrl: serviceBase(meta), pathMap: meta?.pathMap });
  downloadText(OPENAPI_FILE, `${JSON.stringify(doc, null, 2)}\n`, 'application/json');
}
