import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readFileText } from '../../lib/file-envelope.ts';
import { parseDefinition } from '../runs/lib/batch-schemas.ts';
import { serializeDefinition, type BatchDefinition } from '../runs/lib/definition.ts';
import { createSnapshot, type SnapshotFile } from '../snapshots/snapshot-file.ts';
import { SNAPSHOT_FILE } from '../snapshots/snapshot-schemas.ts';
import {
  demoFile,
  MAX_CAPTION_LENGTH,
  MAX_TITLE_LENGTH,
  plainText,
  readDemo,
  type DemoScript,
  type DemoStep,
} from './demo-file.ts';

// Whatever a writer writes, its reader reads back as it was written (decision 066).

const locale = fc.constantFrom(
  { country: 'us', language: 'en' },
  { country: 'de', language: 'de' },
  { country: 'gb', language: 'en' },
);
const query = fc
  .string({ minLength: 1, maxLength: 40 })
  .map((s) => s.replace(/[\r\n]/g, ' ').trim())
  .filter((s) => s.length > 0);
const domain = fc.domain();

const batch: fc.Arbitrary<BatchDefinition> = fc.record(
  {
    endpoint: fc.constant('search' as const),
    rows: fc.array(
      fc.record({ query, params: fc.constant({}) }, { requiredKeys: ['query', 'params'] }),
      { minLength: 1, maxLength: 8 },
    ),
    locales: fc.uniqueArray(locale, { minLength: 1, selector: (l) => l.country }),
    cap: fc.option(fc.nat(), { nil: null }),
    concurrency: fc.integer({ min: 1, max: 50 }),
    target: domain,
    expectedUrl: fc.webUrl(),
    competitors: fc.array(domain, { maxLength: 5 }),
  },
  { requiredKeys: ['endpoint', 'rows', 'locales', 'cap'] },
);

/** A search answer as the service could send it: anything JSON under its known fields. */
const searchSnapshot = fc
  .record({
    query,
    body: fc.record({
      organic_results: fc.array(
        fc.record({ title: fc.string(), link: fc.webUrl(), rank: fc.nat() }),
        { maxLength: 4 },
      ),
      extra: fc.jsonValue({ maxDepth: 3 }),
    }),
    durationMs: fc.nat(),
  })
  .map(({ query, body, durationMs }) =>
    createSnapshot(
      'search',
      { query },
      {
        data: body,
        raw: JSON.parse(JSON.stringify(body)) as unknown,
        meta: {
          endpoint: 'search',
          maskedUrl: '',
          status: 200,
          durationMs,
          bytes: 0,
          contentType: 'application/json',
        },
      },
      new Date(0),
    ),
  );

const plain = (max: number) => fc.string({ maxLength: max }).map((s) => plainText(s, max));

const withoutIds = (steps: readonly DemoStep[]) => steps.map(({ id: _id, ...step }) => step);

describe('every file reads back as it was written', () => {
  test('a batch file', () => {
    fc.assert(
      fc.property(batch, (definition) => {
        expect(parseDefinition(serializeDefinition(definition))).toEqual({ definition });
      }),
      { numRuns: 60 },
    );
  });

  test('a snapshot file', async () => {
    await fc.assert(
      fc.asyncProperty(searchSnapshot, async (snapshotPromise) => {
        const file = await snapshotPromise;
        const text = JSON.stringify(file);
        const { kind: _kind, version: _version, ...payload } = JSON.parse(text) as SnapshotFile;
        expect(readFileText(text, SNAPSHOT_FILE)).toEqual({ ok: true, value: payload });
      }),
      { numRuns: 40 },
    );
  });

  test('a demo script file, its answers and batches included', async () => {
    const step = fc.oneof(
      fc.record({ title: plain(MAX_TITLE_LENGTH), caption: plain(MAX_CAPTION_LENGTH), batch }),
      fc.record({
        title: plain(MAX_TITLE_LENGTH),
        caption: plain(MAX_CAPTION_LENGTH),
        snapshot: searchSnapshot,
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 20 }).filter((n) => plainText(n, 120) === n),
        fc.array(step, { minLength: 1, maxLength: 5 }),
        async (name, drafts) => {
          const steps = await Promise.all(
            drafts.map(async (d, i) =>
              'batch' in d
                ? { id: `s${i}`, ...d }
                : { id: `s${i}`, title: d.title, caption: d.caption, snapshot: await d.snapshot },
            ),
          );
          const script: DemoScript = { id: 'x', name, updatedAt: 0, steps };
          const text = JSON.stringify(demoFile(script));
          const reading = await readDemo(text);
          const written = JSON.parse(text) as { steps: { snapshot?: unknown }[] };
          expect(reading.ok).toBe(true);
          if (!reading.ok) return;
          expect(reading.script.name).toBe(name);
          expect(withoutIds(reading.script.steps)).toEqual(
            withoutIds(script.steps).map((s, i) =>
              s.snapshot ? { ...s, snapshot: written.steps[i]!.snapshot } : s,
            ),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});
