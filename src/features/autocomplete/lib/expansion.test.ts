import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../../../test/parse-csv.ts';
import {
  expansionLetters,
  keywordsToCsv,
  mergeKeywords,
  sortKeywords,
  type Keyword,
} from './expansion.ts';

const s = (value: string, relevance: number | null = null) => ({ value, relevance, type: 'QUERY' });

describe('keyword expansion', () => {
  test('expands with the 26 letters, and the 10 digits when asked', () => {
    expect(expansionLetters(false)).toHaveLength(26);
    expect(expansionLetters(true).slice(-10)).toEqual([...'0123456789']);
  });

  test('merges the letters into unique keywords with their best relevance and every letter they came under', () => {
    const rows = mergeKeywords([
      { letter: 'a', suggestions: [s('coffee app', 900), s('coffee beans', 700)] },
      { letter: 'b', suggestions: [s('Coffee beans ', 1100), s('coffee bar', null)] },
      { letter: 'c', suggestions: [s('coffee app', 800)] },
    ]);
    expect(rows).toEqual([
      { keyword: 'coffee app', relevance: 900, letters: ['a', 'c'] },
      { keyword: 'coffee beans', relevance: 1100, letters: ['a', 'b'] },
      { keyword: 'coffee bar', relevance: null, letters: ['b'] },
    ]);
  });

  test('sorts by relevance, keyword or number of letters', () => {
    const rows: Keyword[] = [
      { keyword: 'b', relevance: 5, letters: ['a'] },
      { keyword: 'a', relevance: null, letters: ['a', 'b'] },
      { keyword: 'c', relevance: 9, letters: ['c'] },
    ];
    expect(sortKeywords(rows, 'relevance').map((r) => r.keyword)).toEqual(['c', 'b', 'a']);
    expect(sortKeywords(rows, 'keyword').map((r) => r.keyword)).toEqual(['a', 'b', 'c']);
    expect(sortKeywords(rows, 'letters').map((r) => r.keyword)).toEqual(['a', 'b', 'c']);
  });

  test('exports CSV that a spreadsheet reads back, formulas defused', () => {
    const csv = keywordsToCsv([
      { keyword: '=cmd, "x"', relevance: 1200, letters: ['a', 'b'] },
      { keyword: 'tea', relevance: null, letters: ['t'] },
    ]);
    expect(parseCsv(csv)).toEqual([
      ['keyword', 'best_relevance', 'letters'],
      ['\'=cmd, "x"', '1200', 'a b'],
      ['tea', '', 't'],
    ]);
  });
});
