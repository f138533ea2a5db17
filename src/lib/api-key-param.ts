/**
 * `api_key` in a query string, however it is spelled: `api%5Fkey`, `API_KEY` and `api_key `
 * are the same parameter to a lenient server, so names are compared decoded. Shared by the
 * Node proxy (which drops it before the upstream) and the page (which takes it out of its own
 * URL); deploy/api-response.js applies the same rule in nginx.
 */

function decoded(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether one `name=value` part of a query string names the key. */
export function namesTheKey(part: string): boolean {
  return (
    decoded(part.split('=', 1)[0] ?? '')
      .trim()
      .toLowerCase() === 'api_key'
  );
}

/**
 * A query string split into the key it carries (the last non-empty one, decoded) and the rest,
 * byte for byte: `?query=x&api_key=k&b` → `k` and `?query=x&b`.
 */
export function splitApiKey(search: string): { key: string | null; rest: string } {
  const query = search.startsWith('?') ? search.slice(1) : search;
  let key: string | null = null;
  const kept: string[] = [];
  for (const part of query.split('&')) {
    if (!namesTheKey(part)) kept.push(part);
    else if (part.includes('=')) key = decoded(part.slice(part.indexOf('=') + 1)) || key;
  }
  const joined = kept.join('&');
  return { key, rest: joined ? `?${joined}` : '' };
}
