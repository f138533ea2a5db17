import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ParamValidationError, requestUrl, wireFor } from './client.ts';
import { ENDPOINT_LIST, ENDPOINTS, endpointForPath, type EndpointId } from './endpoints.ts';
import { pickParams, validateParams, type ParamValues } from './params.ts';

const buildRequestUrl = (id: EndpointId, values: ParamValues, apiKey: string) =>
  requestUrl(id, wireFor(id, values), apiKey);

describe('endpoint catalogue', () => {
  test('lists all seven endpoints with their interface paths', () => {
    expect(ENDPOINT_LIST.map((e) => e.path).sort()).toEqual(
      [
        '/account',
        '/engine_autocomplete',
        '/engine_shorts',
        '/realty',
        '/screenshot',
        '/search',
        '/webhook',
      ].sort(),
    );
  });

  test('publishes the documented costs and leaves the rest unknown', () => {
    expect(ENDPOINTS.search.cost).toBe(20);
    expect(ENDPOINTS.screenshot.cost).toBe(5);
    for (const id of ['shorts', 'autocomplete', 'realty', 'account', 'webhook'] as const) {
      expect(ENDPOINTS[id].cost).toBeNull();
    }
    expect(ENDPOINTS.screenshot.response).toBe('image');
  });

  test('knows every short-video parameter of the interface', () => {
    expect(ENDPOINTS.shorts.params.map((p) => p.name).sort()).toEqual(
      [
        'country',
        'domain',
        'html',
        'language',
        'lr',
        'nfpr',
        'query',
        'safe',
        'start',
        'tbs',
        'uule',
      ].sort(),
    );
  });

  test('finds an endpoint by path with or without a trailing slash', () => {
    expect(endpointForPath('/search')?.id).toBe('search');
    expect(endpointForPath('/search/')?.id).toBe('search');
    expect(endpointForPath('/engine_shorts/')?.id).toBe('shorts');
    expect(endpointForPath('/nope')).toBeUndefined();
  });
});

describe('buildRequestUrl', () => {
  test('omits empty optional parameters and puts the key last', () => {
    expect(buildRequestUrl('search', { query: 'coffee', country: '', language: '  ' }, 'k1')).toBe(
      '/api/search?query=coffee&api_key=k1',
    );
  });

  test('encodes every value, spaces as %20', () => {
    const url = buildRequestUrl('search', { query: 'a&b=c d/é?#' }, 'key with space');
    expect(url).toBe('/api/search?query=a%26b%3Dc%20d%2F%C3%A9%3F%23&api_key=key%20with%20space');
  });

  test('writes booleans the way the interface does: nfpr as 1/0, the rest as true/false', () => {
    const url = buildRequestUrl('shorts', { query: 'x', nfpr: 'true', html: 'on' }, 'k');
    expect(url).toContain('nfpr=1');
    expect(url).toContain('html=true');
    expect(
      buildRequestUrl('webhook', { url: 'https://a.example/', dynamic: 'false' }, 'k'),
    ).toContain('dynamic=false');
    expect(
      buildRequestUrl('screenshot', { url: 'https://a.example/', fullPage: '0' }, 'k'),
    ).toContain('fullPage=false');
  });

  test('refuses bad input with a message per field and sends nothing', () => {
    expect(() => buildRequestUrl('search', { query: '' }, 'k')).toThrow(ParamValidationError);
    const check = validateParams(ENDPOINTS.screenshot, {
      url: 'ftp://x',
      wait_until: 'soon',
      format: 'gif',
    });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.url).toMatch(/http/);
    const quality = validateParams(ENDPOINTS.screenshot, {
      url: 'https://a.example/',
      format: 'jpg',
      quality: '101',
    });
    expect(quality.ok ? {} : quality.errors).toEqual({
      quality: 'Quality must be a whole number from 0 to 100.',
    });
    expect(check.errors.wait_until).toMatch(/load, domcontentloaded, networkidle/);
    expect(check.errors.format).toMatch(/png, jpg, webp/);
  });

  test('a parameter that does not apply (quality of a PNG) is neither checked nor sent', () => {
    const png = validateParams(ENDPOINTS.screenshot, { url: 'https://a.example/', quality: '500' });
    expect(png).toEqual({ ok: true, wire: [['url', 'https://a.example/']] });
    expect(pickParams(ENDPOINTS.screenshot, { url: 'https://a.example/', quality: '60' })).toEqual({
      url: 'https://a.example/',
    });
    const webp = validateParams(ENDPOINTS.screenshot, {
      url: 'https://a.example/',
      format: 'WEBP',
      quality: '60',
    });
    expect(webp.ok && webp.wire).toContainEqual(['quality', '60']);
  });

  test('checks ranges and patterns: start ≥ 0, lr as lang_<code>, two-letter countries', () => {
    const bad = validateParams(ENDPOINTS.shorts, {
      query: 'x',
      start: '-1',
      lr: 'english',
      country: 'usa',
    });
    expect(bad.ok || bad.errors).toMatchObject({
      start: expect.any(String),
      lr: expect.any(String),
      country: expect.any(String),
    });
    const good = validateParams(ENDPOINTS.shorts, {
      query: 'x',
      start: '12',
      lr: 'lang_en|lang_fr',
      country: 'GB',
      safe: 'Active',
    });
    expect(good).toEqual({
      ok: true,
      wire: [
        ['query', 'x'],
        ['country', 'GB'],
        ['lr', 'lang_en|lang_fr'],
        ['safe', 'active'],
        ['start', '12'],
      ],
    });
  });
});

describe('buildRequestUrl with any input (property)', () => {
  const anyValue = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('', ' ', 'true', '0', '100', '-5', 'https://x.example/'),
  );

  test('never crashes: either a parseable URL or a validation error naming a field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ENDPOINT_LIST),
        fc.dictionary(fc.string(), anyValue),
        fc.string({ unit: 'binary' }),
        (spec, values, key) => {
          const names = new Set(spec.params.map((p) => p.name));
          try {
            const url = buildRequestUrl(spec.id, values, key);
            const parsed = new URL(url, 'http://localhost');
            expect(parsed.pathname).toBe(`/api${spec.path}`);
            // Every parameter sent is one the catalogue knows, plus the key.
            for (const name of parsed.searchParams.keys())
              expect(name === 'api_key' || names.has(name)).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(ParamValidationError);
            const fields = Object.keys((error as ParamValidationError).errors);
            expect(fields.length).toBeGreaterThan(0);
            for (const f of fields) expect(names.has(f)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  test('round-trips any valid query text exactly', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''),
        (query) => {
          const url = buildRequestUrl('search', { query }, 'k');
          expect(new URL(url, 'http://localhost').searchParams.get('query')).toBe(query.trim());
        },
      ),
    );
  });
});
