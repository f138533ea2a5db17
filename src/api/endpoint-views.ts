/**
 * Where each endpoint's view lives and its name in the nav: the one part of the catalogue
 * (endpoints.ts) that the first load needs, for the router and the nav. endpoints.ts spreads
 * these entries into its specs, so each fact is still written once; the rest of the catalogue
 * (parameters, help texts, costs) loads with the views (decision 052).
 */
export const ENDPOINT_VIEWS = {
  // Nav order: the flagship (search) first, then the other result views, then the account's.
  search: { id: 'search', route: '/search', nav: 'Search' },
  shorts: { id: 'shorts', route: '/shorts', nav: 'Shorts' },
  autocomplete: { id: 'autocomplete', route: '/autocomplete', nav: 'Autocomplete' },
  realty: { id: 'realty', route: '/realty', nav: 'Realty map' },
  screenshot: { id: 'screenshot', route: '/screenshot', nav: 'Screenshot' },
  account: { id: 'account', route: '/account', nav: 'Account' },
  webhook: { id: 'webhook', route: '/webhook', nav: 'Webhooks' },
} as const satisfies Record<string, { id: string; route: `/${string}`; nav: string }>;

export type EndpointId = keyof typeof ENDPOINT_VIEWS;

/** Every endpoint's view, in the order of the nav. */
export const ENDPOINT_VIEW_LIST = Object.values(ENDPOINT_VIEWS);
