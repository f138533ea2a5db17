import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { organicResults, SEARCH_SAMPLE_QUERIES } from './search.ts';
import type { OrganicResultRecord } from './search.ts';

const COUNTRIES = ['us', 'gb', 'de', 'fr', 'au', 'jp', 'zz'];

/** Every (sample query, country) page, to check invariants broadly rather than on one example. */
const pages = SEARCH_SAMPLE_QUERIES.flatMap((query) =>
  COUNTRIES.map((country) => ({ query, country, results: organicResults({ query, country }) })),
);

function isHttpsUrl(link: string): boolean {
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

function allLinks(results: readonly OrganicResultRecord[]): string[] {
  return results.flatMap((r) => [r.link, ...r.extended_sitelinks.map((s) => s.link)]);
}

function ranksAreConsecutive(results: readonly OrganicResultRecord[]): boolean {
  return results.every((r, i) => r.rank === i + 1);
}

describe('organicResults', () => {
  test('the same parameters give deeply equal results', () => {
    const params = { query: 'best running shoes', country: 'gb', language: 'en' };
    expect(organicResults(params)).toEqual(organicResults({ ...params }));
  });

  test('queries that differ only in case and spacing give the same page', () => {
    expect(organicResults({ query: '  Best   RUNNING shoes ' })).toEqual(
      organicResults({ query: 'best running shoes' }),
    );
  });

  test('a missing country and language default to us and en', () => {
    expect(organicResults({ query: 'coffee' })).toEqual(
      organicResults({ query: 'coffee', country: 'us', language: 'en' }),
    );
  });

  test('ranks run from 1 upwards in array order', () => {
    for (const { results } of pages) {
      expect(results.map((r) => r.rank)).toEqual(results.map((_, i) => i + 1));
    }
  });

  test('a page holds between 9 and 11 results', () => {
    for (const { results } of pages) {
      expect(results.length).toBeGreaterThanOrEqual(9);
      expect(results.length).toBeLessThanOrEqual(11);
    }
  });

  test('every link and sitelink is a valid absolute https URL', () => {
    for (const { results } of pages) {
      for (const link of allLinks(results)) expect(isHttpsUrl(link), link).toBe(true);
    }
  });

  test('no link appears twice on a page', () => {
    for (const { results } of pages) {
      const links = results.map((r) => r.link);
      expect(new Set(links).size).toBe(links.length);
    }
  });

  test('each snippet contains at least one query term', () => {
    for (const { query, results } of pages) {
      const terms = query.split(' ');
      for (const { snippet } of results) {
        expect(
          terms.some((t) => snippet.toLowerCase().includes(t)),
          snippet,
        ).toBe(true);
      }
    }
  });

  test('the displayed link starts with the host of the link and uses › separators', () => {
    for (const { results } of pages) {
      for (const r of results) {
        expect(r.displayed_link.startsWith(`https://${new URL(r.link).host} › `)).toBe(true);
      }
    }
  });

  test('some results carry a date like "Mar 4, 2025" and others an empty string', () => {
    for (const { results } of pages) {
      const dates = results.map((r) => r.date);
      expect(dates.some((d) => d === '')).toBe(true);
      const shown = dates.filter((d) => d !== '');
      expect(shown.length).toBeGreaterThan(0);
      for (const d of shown)
        expect(d).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}$/);
    }
  });

  test('some results have 2 to 6 sitelinks on their own host', () => {
    for (const { results } of pages) {
      const withSitelinks = results.filter((r) => r.extended_sitelinks.length > 0);
      expect(withSitelinks.length).toBeGreaterThan(0);
      expect(withSitelinks.length).toBeLessThan(results.length);
      for (const r of withSitelinks) {
        expect(r.extended_sitelinks.length).toBeGreaterThanOrEqual(2);
        expect(r.extended_sitelinks.length).toBeLessThanOrEqual(6);
        for (const s of r.extended_sitelinks) {
          expect(s.title).not.toBe('');
          expect(new URL(s.link).host).toBe(new URL(r.link).host);
        }
      }
    }
  });

  test('a multi-word query yields results with missing terms that their snippets lack', () => {
    for (const query of ['best running shoes', 'climate change', 'cheap flights to tokyo']) {
      const results = organicResults({ query });
      const missing = results.filter((r) => r.missing.length > 0);
      expect(missing.length, query).toBeGreaterThan(0);
      for (const r of missing) {
        expect(r.missing.length).toBeLessThanOrEqual(2);
        for (const word of r.missing) {
          expect(query.split(' ')).toContain(word);
          expect(r.snippet.toLowerCase()).not.toContain(word);
        }
      }
    }
  });

  test('a one-word query has no missing terms', () => {
    expect(organicResults({ query: 'coffee' }).every((r) => r.missing.length === 0)).toBe(true);
  });

  test('another country reorders the page, swaps some links and keeps at least 4 in common', () => {
    const us = organicResults({ query: 'best running shoes', country: 'us' });
    const gb = organicResults({ query: 'best running shoes', country: 'gb' });
    const usLinks = us.map((r) => r.link);
    const gbLinks = gb.map((r) => r.link);
    const common = usLinks.filter((l) => gbLinks.includes(l));

    expect(usLinks).not.toEqual(gbLinks);
    expect(usLinks.some((l) => !gbLinks.includes(l))).toBe(true);
    expect(gbLinks.some((l) => !usLinks.includes(l))).toBe(true);
    expect(common.length).toBeGreaterThanOrEqual(4);
    const rankIn = (list: string[], link: string) => list.indexOf(link) + 1;
    expect(common.some((l) => rankIn(usLinks, l) !== rankIn(gbLinks, l))).toBe(true);
  });

  test('country-specific results come from that country’s sites', () => {
    const hosts = (country: string) =>
      organicResults({ query: 'climate change', country }).map((r) => new URL(r.link).host);
    expect(hosts('gb').some((h) => h.endsWith('.co.uk') || h.endsWith('theguardian.com'))).toBe(
      true,
    );
    expect(hosts('de').some((h) => h.endsWith('.de') || h.endsWith('faz.net'))).toBe(true);
  });

  test('another language changes the page too', () => {
    const en = organicResults({ query: 'coffee', country: 'us', language: 'en' });
    const fr = organicResults({ query: 'coffee', country: 'us', language: 'fr' });
    expect(fr.map((r) => r.link)).not.toEqual(en.map((r) => r.link));
  });

  test('Wikipedia answers from the subdomain of the results’ language', () => {
    const wikiHosts = (language: string) =>
      SEARCH_SAMPLE_QUERIES.flatMap((query) =>
        organicResults({ query, language })
          .map((r) => new URL(r.link).host)
          .filter((h) => h.endsWith('wikipedia.org')),
      );
    expect(wikiHosts('en').length).toBeGreaterThan(0);
    expect(new Set(wikiHosts('en'))).toEqual(new Set(['en.wikipedia.org']));
    expect(new Set(wikiHosts('fr'))).toEqual(new Set(['fr.wikipedia.org']));
    expect(new Set(wikiHosts('pt-BR'))).toEqual(new Set(['pt.wikipedia.org']));
  });

  test('across a batch of locales most domains are shared at moved ranks, and local ones come and go', () => {
    const locales = [
      { country: 'us', language: 'en' },
      { country: 'gb', language: 'en' },
      { country: 'de', language: 'de' },
      { country: 'fr', language: 'fr' },
    ];
    for (const query of SEARCH_SAMPLE_QUERIES) {
      const pages = locales.map((l) =>
        organicResults({ query, ...l }).map((r) => ({
          domain: new URL(r.link).host.replace(/^(www|en|de|fr)\./, ''),
          rank: r.rank,
        })),
      );
      const domains = pages.map((p) => new Set(p.map((r) => r.domain)));
      const inAll = [...domains[0]!].filter((d) => domains.every((set) => set.has(d)));
      const onlySome = new Set(domains.flatMap((set) => [...set])).size - inAll.length;
      // Most of a page is shared by every locale, and some of it is not.
      expect(inAll.length).toBeGreaterThanOrEqual(4);
      expect(onlySome).toBeGreaterThan(0);
      const rankOf = (page: (typeof pages)[number], d: string) =>
        page.find((r) => r.domain === d)!.rank;
      expect(inAll.some((d) => new Set(pages.map((p) => rankOf(p, d))).size > 1)).toBe(true);
    }
  });

  test('the same link has the same content in every country', () => {
    const byLink = new Map<string, OrganicResultRecord>();
    for (const country of COUNTRIES) {
      for (const { rank: _rank, ...content } of organicResults({
        query: 'climate change',
        country,
      })) {
        const seen = byLink.get(content.link);
        if (seen) {
          const { rank: _seenRank, ...seenContent } = seen;
          expect(content).toEqual(seenContent);
        } else {
          byLink.set(content.link, { ...content, rank: 0 });
        }
      }
    }
  });

  test('unicode, emoji, symbols and very long queries give valid, percent-encoded links', () => {
    const queries = [
      'café crème',
      '日本語 検索',
      '🔥☕',
      '$& $1 {query}',
      '   ',
      '',
      'a/b?c#d%20',
      'x'.repeat(5000),
    ];
    for (const query of queries) {
      const results = organicResults({ query });
      expect(results.length).toBeGreaterThanOrEqual(9);
      for (const link of allLinks(results)) {
        expect(isHttpsUrl(link), link).toBe(true);
        expect(link.length).toBeLessThan(400);
      }
    }
    expect(organicResults({ query: 'café' })[0]?.link).toContain('caf%C3%A9');
    expect(organicResults({ query: '$& $1' }).some((r) => r.snippet.includes('$& $1'))).toBe(true);
  });

  test('sample queries are a handful of distinct non-empty strings', () => {
    expect(SEARCH_SAMPLE_QUERIES.length).toBeGreaterThanOrEqual(6);
    expect(SEARCH_SAMPLE_QUERIES.length).toBeLessThanOrEqual(8);
    expect(new Set(SEARCH_SAMPLE_QUERIES).size).toBe(SEARCH_SAMPLE_QUERIES.length);
  });
});

describe('organicResults for arbitrary input', () => {
  const country = fc.oneof(
    fc.constantFrom(...COUNTRIES),
    fc.string({ unit: 'grapheme', minLength: 2, maxLength: 2 }),
    fc.string({ unit: 'binary', minLength: 2, maxLength: 2 }),
  );
  const language = fc.option(fc.string({ unit: 'binary', maxLength: 3 }), { nil: undefined });

  const holds = (query: string, c: string, l: string | undefined) => {
    const results = organicResults({ query, country: c, language: l });
    return (
      results.length >= 9 &&
      results.length <= 11 &&
      ranksAreConsecutive(results) &&
      allLinks(results).every(isHttpsUrl) &&
      results.every((r) => r.missing.every((w) => !r.snippet.toLowerCase().includes(w)))
    );
  };

  test('never throws and always returns https links with consecutive ranks for grapheme strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), country, language, holds));
  });

  test('never throws and always returns https links with consecutive ranks for binary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), country, language, holds));
  });

  test('is deterministic for arbitrary queries', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), country, (query, c) => {
        expect(organicResults({ query, country: c })).toEqual(
          organicResults({ query, country: c }),
        );
      }),
    );
  });
});
