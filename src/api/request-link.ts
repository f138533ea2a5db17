import { ENDPOINTS, type EndpointId } from './endpoints.ts';
import type { Params } from './params.ts';

/** "Search “tea”": the view's title and the request's first parameter. */
export function requestLabel(id: EndpointId, params: Params): string {
  const spec = ENDPOINTS[id];
  const what = Object.values(params)[0];
  return what ? `${spec.title} “${what}”` : spec.title;
}

/** The view URL whose form holds these parameters: opening it shows a cached answer for free. */
export function requestHref(id: EndpointId, params: Params): string {
  const qs = new URLSearchParams(params).toString();
  return qs ? `${ENDPOINTS[id].route}?${qs}` : ENDPOINTS[id].route;
}
