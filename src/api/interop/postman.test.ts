// @vitest-environment node
import { PostmanValidator } from '@har-sdk/validator';
import { describe, expect, test } from 'vitest';
import { readPastedRequest } from './pasted-request.ts';
import { postmanCollection, POSTMAN_SCHEMA, type PostmanCollection } from './postman.ts';

/** Errors of the collection against Postman's published v2.1.0 schema (none when it conforms). */
const schemaErrors = (collection: unknown) =>
  new PostmanValidator().verify(collection as Parameters<PostmanValidator['verify']>[0]);

const collection = (): PostmanCollection =>
  postmanCollection(
    [
      { endpoint: 'search', params: { query: 'green tea & milk', country: 'de' } },
      { endpoint: 'shorts', params: { query: 'cats', nfpr: 'true' }, name: 'Cat shorts' },
      {
        endpoint: 'screenshot',
        params: { url: 'https://example.com/?a=1#top', format: 'png', quality: '50' },
        description: 'From a batch',
      },
      { endpoint: 'account', params: {} },
    ],
    { name: 'Request history', base: 'https://api.example.com' },
  );

describe('postmanCollection', () => {
  test('conforms to the published Postman collection v2.1 schema', async () => {
    expect(await schemaErrors(collection())).toEqual([]);
    // The check can fail: a request without its URL does not conform.
    const broken = collection();
    (broken.item[0]!.request as { url?: unknown }).url = 42;
    expect((await schemaErrors(broken)).length).toBeGreaterThan(0);
  });

  test('the key comes from collection-level API-key auth; no empty variable hides a global', () => {
    const c = collection();
    expect(c.auth).toEqual({
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'api_key', type: 'string' },
        { key: 'value', value: '{{api_key}}', type: 'string' },
        { key: 'in', value: 'query', type: 'string' },
      ],
    });
    // A collection variable outranks globals: there is none for the key, and none empty.
    expect(c.variable).toEqual([
      expect.objectContaining({ key: 'baseUrl', value: 'https://api.example.com' }),
    ]);
    expect(c.variable.every((v) => v.value !== '')).toBe(true);
    expect(c.info.description).toMatch(/set it in your globals, an environment or a data file/);
    expect(JSON.stringify(c.item)).not.toContain('api_key');
  });

  test('one GET per request under the base variable, the key’s value never written', () => {
    const c = collection();
    expect(c.info).toEqual({
      name: 'Request history',
      description: expect.stringContaining('API-key auth'),
      schema: POSTMAN_SCHEMA,
    });
    expect(c.item.map((i) => i.name)).toEqual([
      'Search “green tea & milk”',
      'Cat shorts',
      'Screenshot “https://example.com/?a=1#top”',
      'Account',
    ]);
    expect(c.item[0]!.request.url).toEqual({
      raw: '{{baseUrl}}/search?query=green%20tea%20%26%20milk&country=de',
      host: ['{{baseUrl}}'],
      path: ['search'],
      query: [
        { key: 'query', value: 'green%20tea%20%26%20milk' },
        { key: 'country', value: 'de' },
      ],
    });
    // Booleans as the endpoint writes them (nfpr as 1/0); a parameter that does not apply is left out.
    expect(c.item[1]!.request.url.raw).toBe('{{baseUrl}}/engine_shorts?query=cats&nfpr=1');
    expect(c.item[2]!.request.url.query.map((q) => q.key)).toEqual(['url', 'format']);
    expect(c.item[3]!.request.url.raw).toBe('{{baseUrl}}/account');
    expect(c.item[2]!.request.description).toBe('From a batch');
  });

  test('a live rename changes the path', () => {
    const c = postmanCollection([{ endpoint: 'shorts', params: { query: 'x' } }], {
      name: 'n',
      base: 'https://live.example',
      pathMap: { engine_shorts: 'shorts_v2' },
    });
    expect(c.item[0]!.request.url.path).toEqual(['shorts_v2']);
  });

  test('each request reads back, pasted, as the same form', () => {
    for (const [i, params] of [
      { query: 'green tea & milk', country: 'de' },
      { query: 'cats', nfpr: 'true' },
    ].entries()) {
      const raw = collection().item[i]!.request.url.raw.replace(
        '{{baseUrl}}',
        'https://api.example.com',
      );
      const read = readPastedRequest(raw);
      expect(read.ok && read.request.params).toEqual(params);
    }
  });
});
