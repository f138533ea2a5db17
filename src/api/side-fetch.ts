import { ApiError } from './errors.ts';

/**
 * GETs JSON that is not a catalogued endpoint (the dashboard server's own description of its
 * upstream, the sandbox's inbox). It fails as every request does, with an ApiError, so views
 * show it like any other failure; nothing here carries the key.
 */
export async function fetchJson(path: string, signal: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, { signal });
  } catch {
    throw new ApiError({ kind: signal.aborted ? 'aborted' : 'network', endpoint: path });
  }
  const text = await res.text();
  if (!res.ok)
    throw new ApiError({ kind: 'http', endpoint: path, status: res.status, bodyExcerpt: text });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError({
      kind: 'invalid-response',
      invalid: 'malformed',
      endpoint: path,
      status: res.status,
      bodyExcerpt: text,
    });
  }
}
