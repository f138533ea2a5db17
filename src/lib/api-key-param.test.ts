import { expect, test } from 'vitest';
import { namesTheKey, splitApiKey } from './api-key-param.ts';

test('api_key is named in any spelling a lenient server reads', () => {
  for (const part of ['api_key=k', 'API_KEY=k', 'api%5Fkey=k', 'api%5fKey', ' api_key =k'])
    expect(namesTheKey(part), part).toBe(true);
  for (const part of ['api_keys=k', 'key=k', 'apikey=k', 'x=api_key'])
    expect(namesTheKey(part), part).toBe(false);
});

test('a query string gives up its key and keeps the rest byte for byte', () => {
  expect(splitApiKey('?query=a%20b&api_key=k-1&page=2')).toEqual({
    key: 'k-1',
    rest: '?query=a%20b&page=2',
  });
  expect(splitApiKey('?API%5Fkey=k%2D2')).toEqual({ key: 'k-2', rest: '' });
  expect(splitApiKey('?api_key=&x=1')).toEqual({ key: null, rest: '?x=1' });
  expect(splitApiKey('?x=1')).toEqual({ key: null, rest: '?x=1' });
  expect(splitApiKey('')).toEqual({ key: null, rest: '' });
});
