import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseDefinition } from './batch-schemas.ts';
import {
  DEFINITION_KIND,
  definitionRows,
  serializeDefinition,
  type BatchDefinition,
} from './definition.ts';
import { parseQueryCsv, parseQueryLines, type Intake } from './intake.ts';

const definition: BatchDefinition = {
  endpoint: 'shorts',
  rows: definitionRows(
    (parseQueryCsv('query,safe,country\ncats,active,\ndogs,,de', 'shorts') as Intake).rows,
  ),
  locales: [
    { country: 'us', language: 'en' },
    { country: 'gb', language: 'en' },
  ],
  cap: 500,
  concurrency: 2,
  target: 'example.com',
  expectedUrl: 'https://example.com/cats',
  competitors: ['rival.com'],
};

describe('the batch definition file', () => {
  test('loads again as it was saved', () => {
    expect(parseDefinition(serializeDefinition(definition))).toEqual({ definition });
  });

  test('never carries a key or anything but the endpoint’s own parameters', () => {
    const smuggled = {
      ...definition,
      rows: [{ query: 'cats', params: { api_key: 'secret-key', safe: 'off' } }],
      apiKey: 'secret-key',
    } as BatchDefinition;
    const text = serializeDefinition(smuggled);
    expect(text).not.toContain('secret-key');
    expect(JSON.parse(text)).toMatchObject({
      kind: DEFINITION_KIND,
      version: 1,
      rows: [{ query: 'cats', params: { safe: 'off' } }],
    });
  });

  test('is checked on load like typed input, and a wrong file is refused whole with its reasons', () => {
    const file = JSON.parse(serializeDefinition(definition)) as Record<string, unknown>;
    const bad = {
      ...file,
      rows: [
        { query: '', params: {} },
        { query: 'cats', params: { api_key: 'k', start: '-3' } },
        { query: 'dogs', params: {}, locale: { country: 'deu', language: 'de' } },
      ],
      locales: [{ country: 'us' }],
      cap: -1,
    };
    expect(parseDefinition(JSON.stringify(bad))).toEqual({
      errors: [
        'Row 1: Query is required.',
        'Row 2: api_key is not a parameter a Short videos row sets.',
        'Row 2: Skip results (start) must be a whole number from 0 to 1000.',
        'Row 3: Use a two-letter country code such as us or gb.',
        'Locale 1: a locale needs a country and a language.',
        'The cap must be a whole number of credits, or none.',
      ],
    });
    expect(parseDefinition('not json')).toEqual({ errors: ['The file is not JSON.'] });
    expect(parseDefinition('{"rows": []}')).toEqual({
      errors: ['The file is not a batch saved by this dashboard.'],
    });
    expect(parseDefinition(JSON.stringify({ ...file, endpoint: 'realty' }))).toEqual({
      errors: ['The endpoint must be one of search, autocomplete, shorts.'],
    });
  });

  test('any batch typed in the textarea survives a save and a load', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 20 }),
        fc.option(fc.nat(), { nil: null }),
        (lines, cap) => {
          const { rows } = parseQueryLines(lines.join('\n'), 'search');
          fc.pre(rows.length > 0);
          const typed: BatchDefinition = {
            endpoint: 'search',
            rows: definitionRows(rows),
            locales: [{ country: 'us', language: 'en' }],
            cap,
          };
          expect(parseDefinition(serializeDefinition(typed))).toEqual({ definition: typed });
        },
      ),
    );
  });
});
