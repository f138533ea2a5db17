import { describe, expect, test } from 'vitest';
import { comparedFromUrl, comparedToUrl } from './compared-captures.ts';

describe('compared captures in the page URL', () => {
  const png = { url: 'https://example.com/a?b=1&c=|', width: '640', height: '400' };
  const webp = { url: 'https://example.com/', format: 'webp', quality: '60' };

  test('two captures go into one value and come back the same, in order', () => {
    const value = comparedToUrl([png, webp])!;
    expect(comparedFromUrl(new URLSearchParams({ cmp: value }).get('cmp'))).toEqual([png, webp]);
  });

  test('none is no value; a hand-typed one keeps only captures with a page URL and their own parameters', () => {
    expect(comparedToUrl([])).toBeNull();
    expect(comparedFromUrl(null)).toEqual([]);
    expect(comparedFromUrl('width=3|url=https%3A%2F%2Fx.example%2F&api_key=k&evil=1')).toEqual([
      { url: 'https://x.example/' },
    ]);
  });
});
