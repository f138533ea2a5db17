/**
 * Domains and links as people mean them: `www.` is not part of a domain, a domain covers its
 * subdomains (shop.example.com is on example.com), and a link's identity ignores its fragment,
 * a trailing slash and the case of its host. The search view's domain spotlight and the batch
 * pivot both read ranks through these, so a domain ranks the same in both.
 */

/**
 * Hosts already worked out, by link: a batch's pivot reads the same thousands of links again
 * for each domain it looks for and on each new answer, and parsing a URL is the slow part.
 */
const hosts = new Map<string, string | null>();
const MAX_HOSTS = 50_000;

/** The host of a link without a leading "www.", lower case; null when it is not an http(s) URL. */
export function hostOf(link: string | undefined): string | null {
  if (!link) return null;
  let host = hosts.get(link);
  if (host === undefined) {
    if (hosts.size >= MAX_HOSTS) hosts.clear();
    host = parseHost(link);
    hosts.set(link, host);
  }
  return host;
}

function parseHost(link: string): string | null {
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

/** A host name of labels and dots, ending in a label of two letters or more (no IP, no port). */
const HOST =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * What a user typed as a domain ("www.Example.com", a URL of it) as a bare host, or why it is
 * not one: a rank is read by domain, and a typo would follow nothing without a word.
 */
export function checkDomain(input: string): { domain: string } | { error: string } {
  const domain = normalizeDomain(input);
  if (HOST.test(domain)) return { domain };
  return { error: `“${input.trim()}” is not a domain: write it like example.com.` };
}

/** Printable ASCII without percent-escapes: a URL parser reads its host as it is written. */
const PLAIN = /^[\x20-\x24\x26-\x7e]*$/;

/**
 * True when the link's text cannot hold the domain's host, so it is not parsed: most results of
 * an answer are on other sites, and parsing every link of a thousand-cell run held a tracker's
 * first movers row (decision 095). A link with other characters (an IDN, an escape) is parsed.
 */
const cannotBeOn = (link: string, domain: string) =>
  PLAIN.test(link) && !link.toLowerCase().includes(domain);

/** True when the link is on the domain or one of its subdomains. */
export function linkOnDomain(link: string | undefined, domain: string): boolean {
  if (!link || !domain || cannotBeOn(link, domain)) return false;
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

/** A result as the rank lookups read it: its link and, when the answer gives one, its rank. */
export interface RankedLink {
  link?: string;
  rank?: number;
}

/**
 * The results on a domain (typed as a person types it: "www.Example.com", a URL…), best rank
 * first, with their links. A result without a rank takes its place in the list (1-based).
 */
export function domainMatches(
  results: readonly RankedLink[],
  domain: string,
): { rank: number; link: string }[] {
  const d = normalizeDomain(domain);
  if (!d) return [];
  const matches: { rank: number; link: string }[] = [];
  results.forEach((r, i) => {
    if (r.link !== undefined && linkOnDomain(r.link, d))
      matches.push({ rank: r.rank ?? i + 1, link: r.link });
  });
  return matches.sort((a, b) => a.rank - b.rank);
}

/** Ranks of the results on a domain, best first (the domain spotlight's summary). */
export function domainRanks(results: readonly RankedLink[], domain: string): number[] {
  return domainMatches(results, domain).map((m) => m.rank);
}
