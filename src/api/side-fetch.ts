import type { ApiErrorInit } from './errors.ts';

/**
 * An ApiError for a failed side request. Its texts load only when something fails: the
 * server's description of its upstream is read at startup, and the error module is too big
 * for the page's first code (the initial JavaScript budget, decision 020).
 */
async function failure(init: ApiErrorInit): Promise<never> {
  const { ApiError } = await import('./errors.ts');
  throw new ApiError(init);
}

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
    return failure({ kind: signal.aborted ? 'aborted' : 'network', endpoint: path });
  }
  const text = await res.text();
  if (!res.ok)
    return failure({ kind: 'http', endpoint: path, status: res.status, bodyExcerpt: text });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return failure({
      kind: 'invalid-response',
      invalid: 'malformed',
      endpoint: path,
      status: res.status,
      bodyExcerpt: text,
    });
  }
}
