import { readPastedRequest, type PastedRequestResult } from '../../api/interop/pasted-request.ts';
import { looksLikeCommand } from '../../lib/interop/pasted-command.ts';

/**
 * Where the text was pasted: a text field of a view's form, a URL field (a page to capture or
 * scrape, whose ordinary content is a URL), or the command palette.
 */
export type PasteTarget = 'text' | 'url' | 'palette';

/** `take: false` lets the paste happen as usual; `take: true` replaces it with the request or a reason. */
export type PasteDecision = { take: false } | { take: true; result: PastedRequestResult };

const CURL = /^\s*curl(\.exe)?\s/i;
const NAMES_A_KEY = /[?&]api_key=/i;

/**
 * Whether pasted text is a request to open rather than text for the field. A curl command
 * always is (no field wants one); a bare URL is when the catalogue knows its path, except in
 * a URL field, where it is the field's value unless it carries a key; in the palette any URL
 * is, so an unknown path gets its message there.
 */
export function decidePaste(
  text: string,
  target: PasteTarget,
  pathMap?: Readonly<Record<string, string>>,
): PasteDecision {
  if (!looksLikeCommand(text)) return { take: false };
  const result = readPastedRequest(text, { pathMap });
  if (CURL.test(text) || target === 'palette') return { take: true, result };
  if (result.ok)
    return target === 'url' && !result.request.namedKey ? { take: false } : { take: true, result };
  // An unknown path that names a key, or a vendor path with a nearest view, is an API request
  // with a wrong path: said so.
  return NAMES_A_KEY.test(text) || (target === 'text' && result.nearest !== undefined)
    ? { take: true, result }
    : { take: false };
}
