// @vitest-environment node
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ENDPOINT_LIST } from '../endpoints.ts';
import {
  caseInsensitiveSource,
  COST_EXTENSION,
  openApiDocument,
  openApiText,
  RESPONSE_SCHEMAS,
  SLASH_PATHS,
} from './openapi.ts';

type Operation = {
  operationId: string;
  parameters: {
    name: string;
    required: boolean;
    schema: Record<string, unknown>;
    example?: unknown;
  }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  [COST_EXTENSION]?: number;
};
/** The parts of a JSON Schema the tests read. */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean;
}
const operations = (doc: ReturnType<typeof openApiDocument>) =>
  Object.entries(doc.paths as Record<string, { get: Operation }>).map(([path, item]) => ({
    path,
    ...item.get,
  }));

describe('the OpenAPI document', () => {
  test('validates as OpenAPI 3.1, with a base variable or a given server', async () => {
    for (const doc of [
      openApiDocument(),
      openApiDocument({
        serverUrl: 'http://127.0.0.1:5173/api',
        pathMap: { engine_shorts: 'shorts_v2' },
      }),
    ]) {
      const validator = new Validator();
      const result = await validator.validate(doc);
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
      expect(validator.version).toBe('3.1');
    }
  });

  test('the validator would refuse a broken document (the check can fail)', async () => {
    const doc = openApiDocument();
    const broken = { ...doc, paths: { search: {} } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  test('has every catalogue endpoint and parameter, the key as an apiKey query scheme', () => {
    const doc = openApiDocument();
    const ops = operations(doc);
    expect(ops.map((o) => o.path)).toEqual(
      ENDPOINT_LIST.flatMap((e) =>
        SLASH_PATHS.includes(e.id) ? [e.path, `${e.path}/`] : [e.path],
      ),
    );
    for (const spec of ENDPOINT_LIST) {
      const op = ops.find((o) => o.operationId === spec.id)!;
      expect(op.parameters.map((p) => p.name)).toEqual(spec.params.map((p) => p.name));
      expect(op.parameters.map((p) => p.name)).not.toContain('api_key');
    }
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect(doc.components).toMatchObject({
      securitySchemes: { apiKey: { type: 'apiKey', in: 'query', name: 'api_key' } },
    });
  });

  test('types, defaults, allowed values and ranges come from the catalogue', () => {
    const byName = (id: string, name: string) =>
      operations(openApiDocument())
        .find((o) => o.operationId === id)!
        .parameters.find((p) => p.name === name)!;
    expect(byName('search', 'query')).toMatchObject({
      required: true,
      schema: { type: 'string', maxLength: 2048 },
    });
    expect(byName('search', 'country').schema).toEqual({
      type: 'string',
      maxLength: 2048,
      pattern: '^[a-zA-Z]{2}$',
      default: 'us',
    });
    expect(byName('screenshot', 'quality').schema).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 100,
      default: 80,
    });
    expect(byName('screenshot', 'format').schema).toEqual({
      type: 'string',
      enum: ['png', 'jpg', 'webp'],
      default: 'png',
    });
    expect(byName('shorts', 'nfpr').schema).toEqual({ type: 'integer', enum: [0, 1], default: 0 });
    expect(byName('shorts', 'html').schema).toEqual({ type: 'boolean', default: false });
    expect(byName('realty', 'url').schema).toMatchObject({ type: 'string', format: 'uri' });
  });

  test('response media types and the published costs', () => {
    const ops = operations(openApiDocument());
    const op = (id: string) => ops.find((o) => o.operationId === id)!;
    // The bytes only: a generated client must not try to parse the image as JSON.
    expect(op('screenshot').responses['200']!.content).toEqual({
      'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
      'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
      'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } },
      'image/gif': { schema: { type: 'string', contentMediaType: 'image/gif' } },
    });
    expect(Object.keys(op('shorts').responses['200']!.content!)).toEqual([
      'application/json',
      'text/html',
    ]);
    expect(Object.keys(op('search').responses['200']!.content!)).toEqual(['application/json']);
    expect(
      Object.fromEntries(
        ops
          .filter((o) => !o.operationId.endsWith('WithSlash'))
          .map((o) => [o.operationId, o[COST_EXTENSION] ?? null]),
      ),
    ).toEqual(Object.fromEntries(ENDPOINT_LIST.map((e) => [e.id, e.cost])));
    expect(op('search')[COST_EXTENSION]).toBe(20);
  });

  test('the trailing-slash forms the interface names are declared, as their own operations', () => {
    const ops = operations(openApiDocument());
    for (const id of ['shorts', 'search', 'autocomplete']) {
      const plain = ops.find((o) => o.operationId === id)!;
      const slash = ops.find((o) => o.operationId === `${id}WithSlash`)!;
      expect(slash.path).toBe(`${plain.path}/`);
      expect(slash.parameters).toEqual(plain.parameters);
      expect(slash.responses).toEqual(plain.responses);
    }
    expect(ops.map((o) => o.path)).not.toContain('/screenshot/');
  });

  test('every JSON answer is typed from the zod schema the client reads it with', async () => {
    const ops = operations(openApiDocument());
    const schema = (id: string) =>
      (
        ops.find((o) => o.operationId === id)!.responses['200']!.content!['application/json'] as {
          schema: Schema;
        }
      ).schema;
    expect(schema('search')).toMatchObject({
      type: 'object',
      additionalProperties: true,
      properties: {
        organic_results: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
            properties: {
              link: { type: 'string' },
              rank: { type: 'number' },
              extended_sitelinks: {
                type: 'array',
                items: { properties: { title: { type: 'string' }, link: { type: 'string' } } },
              },
            },
          },
        },
      },
    });
    expect(schema('autocomplete').properties!.suggestions!.items!.properties).toEqual({
      value: { type: 'string' },
      relevance: { type: 'number' },
      type: { type: 'string' },
    });
    expect(schema('account').properties).toMatchObject({
      requestLimit: { type: 'number' },
      requestUsed: { type: 'number' },
      pack: { type: 'string' },
    });
    expect(schema('shorts').properties!.short_videos_results!.items!.properties!.title).toEqual({
      type: 'string',
    });
    expect(schema('webhook').properties).toEqual({ sid: { type: 'string' } });
    expect(schema('realty').properties!.realty_listings).toEqual({
      type: 'array',
      items: { type: 'object', additionalProperties: true },
    });
    // Nothing is required: any field of a scraped answer may be missing.
    expect(JSON.stringify(ops)).not.toContain('"required":[');
    // The same schemas the catalogue loads for the client.
    for (const spec of ENDPOINT_LIST) expect(await spec.schema()).toBe(RESPONSE_SCHEMAS[spec.id]);
  });

  test('every operation lists the error answers it can get, as plain text with an example', () => {
    const statuses = (id: string) =>
      Object.keys(operations(openApiDocument()).find((o) => o.operationId === id)!.responses);
    expect(statuses('search')).toEqual(['200', '400', '401', '403', '410', '429', '5XX']);
    expect(statuses('screenshot')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '410',
      '429',
      '5XX',
    ]);
    expect(statuses('account')).toEqual(['200', '400', '401', '5XX']);
    for (const op of operations(openApiDocument()))
      for (const [status, response] of Object.entries(op.responses))
        if (status !== '200')
          expect(response.content!['text/plain']).toEqual({
            schema: { type: 'string' },
            example: expect.any(String),
          });
  });

  test('the file is the document without a server of its own: the base a `{base_url}` variable', () => {
    expect(JSON.parse(openApiText())).toEqual(openApiDocument());
    expect(JSON.parse(openApiText())).toMatchObject({ servers: [{ url: '{base_url}' }] });
  });

  test('a live rename changes the path, not the operation', () => {
    const doc = openApiDocument({ pathMap: { engine_shorts: 'shorts_v2' } });
    expect(Object.keys(doc.paths as object)).toContain('/shorts_v2');
    expect(Object.keys(doc.paths as object)).not.toContain('/engine_shorts');
  });

  test('examples and defaults satisfy their own patterns and ranges', () => {
    for (const op of operations(openApiDocument())) {
      for (const p of op.parameters) {
        const { pattern, minimum, maximum, default: fallback } = p.schema;
        const values = [p.example, fallback].filter(
          (v): v is string | number => typeof v === 'string' || typeof v === 'number',
        );
        for (const value of values) {
          if (typeof pattern === 'string')
            expect(
              new RegExp(pattern, 'u').test(String(value)),
              `${op.operationId}.${p.name}`,
            ).toBe(true);
          if (typeof minimum === 'number') expect(Number(value)).toBeGreaterThanOrEqual(minimum);
          if (typeof maximum === 'number') expect(Number(value)).toBeLessThanOrEqual(maximum);
        }
      }
    }
  });
});

describe('caseInsensitiveSource', () => {
  const patterns = ENDPOINT_LIST.flatMap((e) =>
    e.params.flatMap((p) => (p.type === 'string' && p.pattern ? [p.pattern.regex] : [])),
  );

  test('the catalogue has case-insensitive patterns to convert', () => {
    expect(patterns.filter((r) => r.flags.includes('i')).length).toBeGreaterThan(2);
    expect(caseInsensitiveSource('^lang_[a-z0-9]\\.x$')).toBe(
      '^[lL][aA][nN][gG]_[a-zA-Z0-9]\\.[xX]$',
    );
  });

  test('matches exactly what the catalogue pattern matches, case aside', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abcxyzABCXYZ019-_.|lang'.split('')), maxLength: 16 }),
      fc.constantFrom('us', 'GB', 'pt-BR', 'lang_EN|lang_fr', 'Engine.co.UK', 'x'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...patterns), text, (regex, s) => {
        const converted = new RegExp(
          regex.flags.includes('i') ? caseInsensitiveSource(regex.source) : regex.source,
          'u',
        );
        expect(converted.test(s)).toBe(regex.test(s));
      }),
    );
  });
});
