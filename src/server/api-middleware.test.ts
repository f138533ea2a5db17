import { expect, test } from 'vitest';
import { isApiPath, normalisedPath } from './api-middleware.ts';

test('a path is normalised as nginx reads it: escapes decoded, slashes merged, dots resolved', () => {
  expect(normalisedPath('//api/./x/../%73earch%2f')).toBe('/api/search');
  expect(normalisedPath('/../..')).toBe('/');
});

test('an /api path in either spelling is the API’s; /apix and /api.html are pages', () => {
  for (const url of ['/api', '/api?x=1', '/api/search', '//api/search', '/x/../api/search'])
    expect(isApiPath(url), url).toBe(true);
  for (const url of ['/apix', '/api.html', '/search?next=/api/search', '/'])
    expect(isApiPath(url), url).toBe(false);
});
