import { describe, expect, test } from 'vitest';
import { linkOnDomain, normalizeDomain } from './links.ts';

describe('domain matching', () => {
  test('normalizes what people type as a domain', () => {
    expect(normalizeDomain(' https://www.Example.com/path?q=1 ')).toBe('example.com');
    expect(normalizeDomain('WWW.bbc.co.uk')).toBe('bbc.co.uk');
    expect(normalizeDomain('')).toBe('');
  });

  test('matches the domain and its subdomains, not look-alikes', () => {
    expect(linkOnDomain('https://www.example.com/a', 'example.com')).toBe(true);
    expect(linkOnDomain('https://shop.example.com/a', 'example.com')).toBe(true);
    expect(linkOnDomain('https://notexample.com/a', 'example.com')).toBe(false);
    expect(linkOnDomain('javascript:alert(1)', 'example.com')).toBe(false);
  });
});
