import { describe, expect, test } from 'vitest';
import { autocompleteCorpus } from './autocomplete-corpus.ts';
import { suggestions } from './autocomplete.ts';

describe('sandbox autocomplete', () => {
  test('completes prefixes from a corpus of a few thousand queries', () => {
    expect(autocompleteCorpus().length).toBeGreaterThan(3000);
    const { suggestions: list } = suggestions({ query: 'cof' });
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.length).toBeLessThanOrEqual(10);
    for (const s of list) expect(s.value.startsWith('cof')).toBe(true);
  });

  test('answers integer relevance in descending order, mostly of type QUERY, with verbatim_relevance', () => {
    for (const query of ['c', 'coffee', 'how to', 'pizza d', 'zzqx']) {
      const answer = suggestions({ query });
      const relevance = answer.suggestions.map((s) => s.relevance);
      expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
      for (const r of relevance) expect(Number.isInteger(r)).toBe(true);
      expect(relevance[0]).toBeLessThanOrEqual(1300);
      expect(Number.isInteger(answer.verbatim_relevance)).toBe(true);
    }
    const types = ['c', 'a', 'y', 'w'].flatMap((q) => suggestions({ query: q }).suggestions);
    expect(types.filter((s) => s.type === 'QUERY').length).toBeGreaterThan(types.length / 2);
  });

  test('gives the same answer to the same request', () => {
    expect(suggestions({ query: 'coffee', country: 'gb' })).toEqual(
      suggestions({ query: 'coffee', country: 'gb' }),
    );
  });

  test('continues a query with words for most letters, which keyword expansion relies on', () => {
    const letters = [...'abcdefghijklmnopqrstuvwxyz'].filter(
      (l) => suggestions({ query: `coffee ${l}` }).suggestions.length > 0,
    );
    expect(letters.length).toBeGreaterThan(18);
  });

  test('ranks differently and adds a few local queries for another country and language', () => {
    const us = suggestions({ query: 'coffee', country: 'us', language: 'en' }).suggestions;
    const fr = suggestions({ query: 'coffee', country: 'fr', language: 'fr' }).suggestions;
    expect(fr.map((s) => s.value)).not.toEqual(us.map((s) => s.value));
    const gb = suggestions({ query: 'coffee maker', country: 'gb' }).suggestions.map(
      (s) => s.value,
    );
    expect(gb.some((v) => /\b(uk|london|tesco|argos|nhs)\b/.test(v))).toBe(true);
  });
});
