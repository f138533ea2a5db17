/** The host of a link without a leading "www.", lower case; null when it is not an http(s) URL. */
export function hostOf(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** What a user types as a domain ("https://www.Example.com/path", "example.com") as a bare host. */
export function normalizeDomain(input: string): string {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return '';
  const host = hostOf(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`);
  return host ?? trimmed.replace(/^www\./, '');
}

/** True when the link is on the domain or one of its subdomains. */
export function linkOnDomain(link: string | undefined, domain: string): boolean {
  const host = hostOf(link);
  if (!host || !domain) return false;
  return host === domain || host.endsWith(`.${domain}`);
}

/** The identity of a result for comparisons: the link without fragment, trailing slash or letter case in the host. */
export function linkKey(link: string): string {
  try {
    const url = new URL(link);
    url.hash = '';
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
    return `${url.protocol}//${url.host.toLowerCase().replace(/^www\./, '')}${path}${url.search}`;
  } catch {
    return link.trim();
  }
}
