import { describe, expect, test } from 'vitest';
import { serializeDefinition, type BatchDefinition } from '../runs/lib/definition.ts';
import { demoFile, readDemo, type DemoScript } from './demo-file.ts';

const batch: BatchDefinition = {
  endpoint: 'search',
  rows: [
    { query: 'coffee', params: {} },
    { query: 'tea', params: {} },
  ],
  locales: [{ country: 'de', language: 'de' }],
  cap: 50,
  target: 'example.com',
};

const script: DemoScript = {
  id: 's',
  name: 'Markets',
  updatedAt: 0,
  steps: [{ id: 'a', title: 'Two markets', caption: 'Where we rank.', batch }],
};

const fileWith = (stepBatch: unknown) =>
  JSON.stringify({
    ...demoFile(script),
    steps: [{ title: 'x', caption: 'y', batch: stepBatch }],
  });

describe('a batch step in a demo file', () => {
  test('is written as the batch file writes it and read back the same', async () => {
    const text = JSON.stringify(demoFile(script));
    expect((JSON.parse(text) as { steps: { batch: unknown }[] }).steps[0]!.batch).toEqual(
      JSON.parse(serializeDefinition(batch)),
    );
    const reading = await readDemo(text);
    expect(reading.ok && reading.script.steps[0]).toMatchObject({
      title: 'Two markets',
      batch: { endpoint: 'search', cap: 50, target: 'example.com', rows: batch.rows },
    });
  });

  test('is checked like a batch file: a bad locale or no rows refuse the whole file, saying which step', async () => {
    const good = JSON.parse(serializeDefinition(batch)) as Record<string, unknown>;
    const badLocale = await readDemo(
      fileWith({ ...good, locales: [{ country: 'de', language: '@@' }] }),
    );
    expect(badLocale).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^Step 1 is a batch that cannot be used: Locale 1: .*language code/,
      ),
    });
    const noRows = await readDemo(fileWith({ ...good, rows: [] }));
    expect(noRows).toEqual({
      ok: false,
      error: 'Step 1 is a batch that cannot be used: The file has no rows.',
    });
    const notBatch = await readDemo(fileWith({ endpoint: 'search' }));
    expect(notBatch.ok).toBe(false);
  });
});
