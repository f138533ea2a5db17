import { ENDPOINTS } from '../../../api/endpoints.ts';

/** The Search view with a suggestion filled in (and the same locale): opening it spends nothing. */
export function searchViewHref(query: string, locale: { country?: string; language?: string }) {
  const params = new URLSearchParams({ query });
  if (locale.country) params.set('country', locale.country);
  if (locale.language) params.set('language', locale.language);
  return `${ENDPOINTS.search.route}?${params.toString()}`;
}
