import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildSnippet } from '../../lib/snippets.ts';
import { requestUrl } from '../client.ts';
import { ENDPOINT_LIST, ENDPOINTS, type EndpointSpec, type ParamSpec } from '../endpoints.ts';
import { buildQueryString, type Params } from '../params.ts';
import { keyStandIn } from '../../lib/interop/placeholder-key.ts';
import { readPastedRequest, type PastedRequest } from './pasted-request.ts';

const read = (text: string, pathMap?: Record<string, string>): PastedRequest => {
  const result = readPastedRequest(text, { pathMap });
  if (!result.ok) throw new Error(result.reason);
  return result.request;
};

describe('readPastedRequest', () => {
  test('finds the endpoint by its path under any host, with or without the trailing slash', () => {
    expect(read('https://api.example.com/search?query=tea').endpoint).toBe('search');
    expect(read('https://other.example/engine_shorts/?query=tea').endpoint).toBe('shorts');
    expect(read('http://127.0.0.1:5173/api/engine_autocomplete?query=te').endpoint).toBe(
      'autocomplete',
    );
    expect(read('/screenshot?url=https://example.com/').endpoint).toBe('screenshot');
  });

  test('reads a live rename of a path', () => {
    expect(
      read('https://live.example/v2/shorts_live?query=x', { engine_shorts: 'shorts_live' })
        .endpoint,
    ).toBe('shorts');
  });

  test('reads the vendor’s own path names, with or without a live rename', () => {
    for (const pathMap of [undefined, { engine_shorts: 'shorts_v2' }]) {
      expect(read('https://api.vendor.example/google_shorts?query=tea', pathMap).endpoint).toBe(
        'shorts',
      );
      expect(
        read('curl "https://api.vendor.example/google_autocomplete/?query=te"', pathMap),
      ).toMatchObject({ endpoint: 'autocomplete', params: { query: 'te' } });
      expect(
        read(
          'https://api.vendor.example/zillow?api_key=k1&url=https%3A%2F%2Fwww.realty.example%2Fhomes%2F',
          pathMap,
        ),
      ).toMatchObject({ endpoint: 'realty', params: { url: 'https://www.realty.example/homes/' } });
    }
  });

  test('a vendor path this API does not have names the nearest view', () => {
    expect(
      readPastedRequest('curl "https://api.vendor.example/google?query=tea&api_key=k1"'),
    ).toEqual({
      ok: false,
      nearest: 'search',
      reason: expect.stringMatching(
        /^The path \/google is not one of this API's endpoints; the nearest is Search \(\/search\)/,
      ),
    });
    expect(readPastedRequest('https://api.vendor.example/google_news?query=tea')).toMatchObject({
      nearest: 'search',
    });
    expect(readPastedRequest('https://api.vendor.example/google_videos/?query=tea')).toMatchObject({
      nearest: 'shorts',
    });
  });

  test('an unknown path gets a message that names the known ones', () => {
    const result = readPastedRequest('curl https://api.example.com/images?query=tea&api_key=k');
    expect(result).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^The path \/images is not one of the API's endpoints \(\/engine_shorts, \/search/,
      ),
    });
    expect(JSON.stringify(result)).not.toContain('api_key');
  });

  test('the key comes back apart from the form values; unknown parameters are listed and dropped', () => {
    const request = read(
      `curl 'https://api.example.com/search?api_key=abc-123_X&query=tea&country=de&num=10&hl=fr&num=20'`,
    );
    expect(request).toEqual({
      endpoint: 'search',
      params: { query: 'tea', country: 'de' },
      dropped: ['num', 'hl'],
      notes: [],
      apiKey: 'abc-123_X',
      namedKey: true,
      kind: 'curl',
    });
  });

  test('the key may come in the X-Api-Key header; placeholders and masks are not offered', () => {
    expect(read(`curl -H 'X-Api-Key: hdr_key' 'https://x.example/account'`).apiKey).toBe('hdr_key');
    for (const placeholder of ['<API_KEY>', '•••', '{{api_key}}', '']) {
      const request = read(
        `curl -G https://x.example/search --data-urlencode 'api_key=${placeholder}'`,
      );
      expect(request.apiKey).toBeNull();
      expect(request.namedKey).toBe(true);
      expect(request.params).toEqual({});
      expect(request.notes).toEqual([expect.stringMatching(/placeholder or masked/)]);
    }
  });

  test('a placeholder is never offered as a key; the rest of the request opens', () => {
    for (const placeholder of ['YOUR_KEY', 'XXX', 'API_KEY', 'REDACTED', '<key>', '${API_KEY}']) {
      for (const text of [
        `curl 'https://api.example.com/search?query=tea&api_key=${placeholder}'`,
        `https://api.example.com/search?query=tea&api_key=${placeholder}`,
        `curl -H 'X-Api-Key: ${placeholder}' 'https://api.example.com/search?query=tea'`,
      ]) {
        const request = read(text);
        expect(request.apiKey, text).toBeNull();
        expect(request.params).toEqual({ query: 'tea' });
        expect(request.notes).toEqual([
          expect.stringMatching(/is a placeholder or masked|is a variable/),
        ]);
      }
    }
  });

  test('a key that is a shell variable opens the request without a key, and says why', () => {
    for (const text of [
      `curl "https://api.example.com/search?query=tea&api_key=$SCRAPINGDOG_API_KEY"`,
      `curl -G https://api.example.com/search -d query=tea -d api_key=\${API_KEY}`,
      `curl -H "X-Api-Key: $KEY" 'https://api.example.com/search?query=tea'`,
    ]) {
      const request = read(text);
      expect(request.apiKey, text).toBeNull();
      expect(request.namedKey).toBe(true);
      expect(request.params).toEqual({ query: 'tea' });
      expect(request.notes.join(' ')).toMatch(/is a variable, which the dashboard does not read/);
    }
  });

  test('another value that is a shell variable is left empty, and named', () => {
    const request = read(`curl "https://api.example.com/search?query=$Q&country=de&api_key=k1"`);
    expect(request.params).toEqual({ country: 'de' });
    expect(request.apiKey).toBe('k1');
    expect(request.notes).toEqual([
      'query is a shell variable, which the dashboard does not read: fill it in.',
    ]);
    expect(readPastedRequest('curl "$URL?query=tea"')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The URL is a shell variable/),
    });
  });

  test('a repeated parameter keeps its first value, and says so', () => {
    const request = read('https://x.example/search?query=first&query=second');
    expect(request.params).toEqual({ query: 'first' });
    expect(request.notes).toEqual(['query was given 2 times: the first value is kept.']);
  });

  test('booleans and choices are written as the form writes them', () => {
    const request = read('https://x.example/engine_shorts?query=q&nfpr=1&html=FALSE&safe=Active');
    expect(request.params).toEqual({ query: 'q', nfpr: 'true', html: 'false', safe: 'active' });
    // A value the form cannot read is kept as written: the form then says what is wrong.
    expect(read('https://x.example/screenshot?url=u&format=gif').params.format).toBe('gif');
  });

  test('empty values are left unset', () => {
    expect(read('https://x.example/search?query=&country=de').params).toEqual({ country: 'de' });
  });
});

/** Values of one parameter as a person might fill it in (never empty, never a lone surrogate). */
function valueOf(param: ParamSpec): fc.Arbitrary<string> {
  switch (param.type) {
    case 'boolean':
      return fc.constantFrom('true', 'false');
    case 'enum':
      return fc.constantFrom(...param.options.map((o) => o.value));
    case 'integer':
      return fc.integer({ min: param.min ?? 0, max: param.max ?? 1000 }).map(String);
    default:
      return fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
        .filter((s) => s.trim() !== '');
  }
}

const formOf = (spec: EndpointSpec): fc.Arbitrary<Params> =>
  fc
    .record(Object.fromEntries(spec.params.map((p) => [p.name, valueOf(p)])), { requiredKeys: [] })
    .map((values) => values as Params);

const request = fc.constantFrom(...ENDPOINT_LIST).chain((spec) =>
  fc.tuple(
    fc.constant(spec),
    formOf(spec),
    // Keys as the service issues them: placeholders (`XXX`, `-`) are never offered.
    fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/).filter((k) => keyStandIn(k) === null),
  ),
);

/** The wire pairs of form values (booleans as the endpoint writes them: nfpr as 1/0). */
const wireOf = (spec: EndpointSpec, params: Params): [string, string][] =>
  spec.params.flatMap((p) => {
    const value = params[p.name];
    if (value === undefined) return [];
    if (p.type === 'boolean' && p.wire === 'one-zero')
      return [[p.name, value === 'true' ? '1' : '0']];
    return [[p.name, value]];
  });

describe('what the dashboard writes reads back', () => {
  test('its curl snippets, with the key, read back as the same form and key', () => {
    fc.assert(
      fc.property(
        request,
        fc.constantFrom('https://api.example.com', 'http://127.0.0.1:5173/api'),
        ([spec, params, key], base) => {
          const text = buildSnippet('curl', {
            base,
            path: spec.path,
            params: wireOf(spec, params),
            apiKey: key,
          });
          const back = read(text);
          expect(back.endpoint).toBe(spec.id);
          expect(back.params).toEqual(params);
          expect(back.apiKey).toBe(key);
          expect(back.dropped).toEqual([]);
        },
      ),
    );
  });

  test('its request URLs, bare, read back as the same form and key', () => {
    fc.assert(
      fc.property(request, ([spec, params, key]) => {
        const url = `https://api.example.com${requestUrl(spec.id, wireOf(spec, params), key)}`;
        const back = read(url);
        expect(back.endpoint).toBe(spec.id);
        expect(back.params).toEqual(params);
        expect(back.apiKey).toBe(key);
      }),
    );
  });

  test('a URL in a curl command with the key given twice offers the first usable one', () => {
    const qs = buildQueryString([['query', 'tea']], 'first');
    expect(read(`curl '${ENDPOINTS.search.path}?${qs}&api_key=second'`).apiKey).toBe('first');
  });
});
