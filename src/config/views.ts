import type { EndpointId } from '../api/endpoints.ts';

/** Paths and names of every view; the nav, the not-found page and the overview cards read this list. */
export const VIEWS = [
  { path: '/search', label: 'Search', endpoint: 'search' },
  { path: '/shorts', label: 'Shorts', endpoint: 'shorts' },
  { path: '/autocomplete', label: 'Autocomplete', endpoint: 'autocomplete' },
  { path: '/realty', label: 'Realty map', endpoint: 'realty' },
  { path: '/screenshot', label: 'Screenshot', endpoint: 'screenshot' },
  { path: '/account', label: 'Account', endpoint: 'account' },
  { path: '/webhook', label: 'Webhooks', endpoint: 'webhook' },
] as const satisfies readonly { path: string; label: string; endpoint: EndpointId }[];
