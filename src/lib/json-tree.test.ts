import { describe, expect, test } from 'vitest';
import { ancestorsOf, childPath, searchJson, valueAt, visibleRows } from './json-tree.ts';

const doc = {
  organic_results: [
    { title: 'Tea', link: 'https://a.example/' },
    { title: 'Coffee', link: 'https://b.example/', 'odd key': true },
  ],
  search_parameters: { query: 'tea' },
};

describe('json tree', () => {
  test('paths read like code and lead back to their value', () => {
    const path = childPath(childPath(childPath('', 'organic_results'), 1), 'link');
    expect(path).toBe('organic_results[1].link');
    expect(valueAt(doc, path)).toBe('https://b.example/');
    expect(childPath('organic_results[1]', 'odd key')).toBe('organic_results[1]["odd key"]');
    expect(valueAt(doc, 'organic_results[1]["odd key"]')).toBe(true);
  });

  test('only open containers list their children', () => {
    const rows = visibleRows(doc, 'response', (path) => path === '' || path === 'organic_results');
    expect(rows.map((r) => r.path)).toEqual([
      '',
      'organic_results',
      'organic_results[0]',
      'organic_results[1]',
      'search_parameters',
    ]);
  });

  test('search finds keys and values, case-insensitively, in document order', () => {
    expect(searchJson(doc, 'TEA')).toEqual(['organic_results[0].title', 'search_parameters.query']);
    expect(searchJson(doc, 'link')).toEqual(['organic_results[0].link', 'organic_results[1].link']);
  });

  test('the ancestors of a path are the containers to open to show it', () => {
    expect(ancestorsOf('organic_results[1].link')).toEqual([
      '',
      'organic_results',
      'organic_results[1]',
    ]);
  });
});
