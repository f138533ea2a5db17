import { describe, expect, test } from 'vitest';
import { rankSuggestions, relevanceScale, splitSuggestion } from './suggestions.ts';

describe('autocomplete suggestions', () => {
  test('ranks by descending relevance, unknown relevance last, and drops entries without a value', () => {
    const ranked = rankSuggestions([
      { value: 'b', relevance: 600 },
      { value: 'x' },
      { relevance: 2000 },
      { value: 'a', relevance: 1200, type: 'QUERY' },
      { value: '', relevance: 900 },
    ]);
    expect(ranked.map((s) => s.value)).toEqual(['a', 'b', 'x']);
    expect(ranked[0]).toEqual({ value: 'a', relevance: 1200, type: 'QUERY' });
    expect(ranked[2]).toEqual({ value: 'x', relevance: null, type: null });
  });

  test('scales bars to the largest relevance on screen, the typed text included', () => {
    const list = rankSuggestions([{ value: 'a', relevance: 900 }]);
    expect(relevanceScale(list, 1300)).toBe(1300);
    expect(relevanceScale(list, null)).toBe(900);
    expect(relevanceScale([], null)).toBe(1);
  });

  test('splits the typed text from the completion, case aside, keeping the suggestion’s own case', () => {
    expect(splitSuggestion('Coffee maker', 'cof')).toEqual({ typed: 'Cof', rest: 'fee maker' });
    expect(splitSuggestion('best coffee', 'cof')).toEqual({ typed: '', rest: 'best coffee' });
    expect(splitSuggestion('tea', '')).toEqual({ typed: '', rest: 'tea' });
  });
});
