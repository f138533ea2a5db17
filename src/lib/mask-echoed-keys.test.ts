import { describe, expect, test } from 'vitest';
import { maskEchoedKeys, maskEchoedKeysInText } from './mask-echoed-keys.ts';

describe('maskEchoedKeys', () => {
  test('masks api_key fields at any depth and leaves everything else as it was', () => {
    const answer = {
      search_parameters: { engine: 'search', query: 'tea', api_key: 'sk_live_123' },
      organic_results: [{ title: 'api_key is a word', link: 'https://a.example/' }],
      nested: [{ deeper: { api_key: 'other' } }],
    };
    expect(maskEchoedKeys(answer)).toEqual({
      search_parameters: { engine: 'search', query: 'tea', api_key: '•••' },
      organic_results: [{ title: 'api_key is a word', link: 'https://a.example/' }],
      nested: [{ deeper: { api_key: '•••' } }],
    });
    expect(answer.search_parameters.api_key).toBe('sk_live_123');
  });

  test('keeps an empty key and non-string values as they are', () => {
    expect(maskEchoedKeys({ api_key: '', n: 1, list: [null, true] })).toEqual({
      api_key: '',
      n: 1,
      list: [null, true],
    });
  });

  test('masks api_key= in a page, whatever follows it', () => {
    expect(maskEchoedKeysInText('<a href="/x?q=1&api_key=sk_9&b=2">x</a> API_KEY=abc def')).toBe(
      '<a href="/x?q=1&api_key=•••&b=2">x</a> API_KEY=••• def',
    );
  });
});
