/**
 * Odd spellings of `/api` paths (issue 37): each names an endpoint, or another `/api` path, once
 * a server decodes, merges slashes and resolves dot segments, as nginx does before it picks a
 * location. Both proxies answer each with a 404 and never contact the upstream (decision 013):
 * only the exact spelling `/api/<endpoint>` or `/api/<endpoint>/` is forwarded. Browsers resolve
 * dot segments themselves; curl (`--path-as-is`) and other clients send them as they are.
 */
export const ODD_API_SPELLINGS: readonly string[] = [
  '/api//search',
  '/api/search//',
  '/api/./search',
  '/api/search/.',
  '/api/x/../search',
  '/api/%73earch',
  '/api/search%2f',
  '/api/search%2F',
  '/api%2fsearch',
  '/api/%2e/search',
  '/api/%2e%2e/account',
  '/api/..%2faccount',
  '//api/search',
  '/./api/search',
  '/x/../api/search',
  '/%61pi/search',
  '/api/account/../webhook',
  '/api/_dashboard/meta/../../search',
  '/api/_dashboard/meta/',
  '/api/search%3f',
];
