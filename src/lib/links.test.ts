import { describe, expect, test } from 'vitest';
import { checkDomain, domainMatches, domainRanks, linkOnDomain, normalizeDomain } from './links.ts';

describe('domain matching', () => {
  test('normalizes what people type as a domain', () => {
    expect(normalizeDomain(' https://www.Example.com/path?q=1 ')).toBe('example.com');
    expect(normalizeDomain('WWW.bbc.co.uk')).toBe('bbc.co.uk');
    expect(normalizeDomain('')).toBe('');
  });

  test('checks a typed domain: a bare host, or a message that names what was typed', () => {
    expect(checkDomain(' https://www.Shop.Example.co.uk/path ')).toEqual({
      domain: 'shop.example.co.uk',
    });
    expect(checkDomain('xn--mnchen-3ya.de')).toEqual({ domain: 'xn--mnchen-3ya.de' });
    for (const bad of ['example', 'exa mple.com', 'exa_mple.com', '-x.com', '1.2.3.4', 'a..com'])
      expect(checkDomain(bad)).toEqual({
        error: `“${bad}” is not a domain: write it like example.com.`,
      });
  });

  test('matches the domain and its subdomains, not look-alikes', () => {
    expect(linkOnDomain('https://www.example.com/a', 'example.com')).toBe(true);
    expect(linkOnDomain('https://shop.example.com/a', 'example.com')).toBe(true);
    expect(linkOnDomain('https://notexample.com/a', 'example.com')).toBe(false);
    expect(linkOnDomain('javascript:alert(1)', 'example.com')).toBe(false);
    // Read by the parser, not by the text: letter case, an IDN, escapes.
    expect(linkOnDomain('HTTPS://WWW.EXAMPLE.COM/A', 'example.com')).toBe(true);
    expect(linkOnDomain('https://bücher.de/a', 'xn--bcher-kva.de')).toBe(true);
    expect(linkOnDomain('https://%65xample.com/a', 'example.com')).toBe(true);
    expect(linkOnDomain('https://example.org/example.com', 'example.com')).toBe(false);
  });
});

describe('ranks on a domain', () => {
  const results = [
    { link: 'https://other.com/a', rank: 1 },
    { link: 'https://shop.example.com/b', rank: 4 },
    { link: 'https://www.example.com/a', rank: 2 },
    { link: 'javascript:alert(1)', rank: 3 },
  ];

  test('lists the ranks and links on the domain and its subdomains, best first', () => {
    expect(domainMatches(results, 'WWW.Example.com')).toEqual([
      { rank: 2, link: 'https://www.example.com/a' },
      { rank: 4, link: 'https://shop.example.com/b' },
    ]);
    expect(domainRanks(results, 'https://example.com/')).toEqual([2, 4]);
  });

  test('a result without a rank takes its place in the list', () => {
    expect(
      domainRanks([{ link: 'https://a.com/' }, { link: 'https://example.com/' }], 'example.com'),
    ).toEqual([2]);
  });

  test('an empty domain matches nothing', () => {
    expect(domainMatches(results, '  ')).toEqual([]);
  });
});
