import { describe, expect, test } from 'vitest';
import { serializeDefinition, type BatchDefinition } from '../runs/lib/definition.ts';
import type { SnapshotFile } from '../snapshots/snapshot-file.ts';
import { cleanSnapshot, demoFile, readDemo, type DemoScript } from './demo-file.ts';

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

describe('a step’s view state', () => {
  const realty = async (view: unknown) => {
    const res = await fetch('/api/_sandbox/tour');
    const tour = (await res.json()) as { steps: Record<string, unknown>[] };
    const step = tour.steps.find(
      (s) => (s.snapshot as { request: { endpoint: string } }).request.endpoint === 'realty',
    )!;
    return readDemo(JSON.stringify({ ...tour, steps: [{ ...step, view }] }));
  };

  test('is written with the step and read back the same', async () => {
    const view = { color: 'ppa', unit: 'm2', minBeds: '3' };
    const reading = await realty(view);
    if (!reading.ok) throw new Error(reading.error);
    const again = await readDemo(JSON.stringify(demoFile(reading.script)));
    expect(again.ok && again.script.steps[0]!.view).toEqual(view);
  });

  test('that is not text, or holds a key, refuses the file, naming the step', async () => {
    expect(await realty({ color: 3 })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Step 1 \(Realty listings\): .*view state must be text/),
    });
    expect(await realty({ api_key: 'sk_live' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Step 1 \(Realty listings\): .*holds a key/),
    });
  });
});

describe('a step’s other answers (a comparison’s second pair)', () => {
  const withAlso = async (also: (step: Record<string, unknown>) => unknown) => {
    const tour = (await (await fetch('/api/_sandbox/tour')).json()) as {
      steps: Record<string, unknown>[];
    };
    const step = tour.steps[0]!;
    return readDemo(JSON.stringify({ ...tour, steps: [{ ...step, also: also(step) }] }));
  };

  test('are written with the step and read back the same', async () => {
    const reading = await withAlso((step) => [step.snapshot]);
    if (!reading.ok) throw new Error(reading.error);
    const [step] = reading.script.steps;
    expect(step!.also).toEqual([step!.snapshot]);
    const again = await readDemo(JSON.stringify(demoFile(reading.script)));
    expect(again.ok && again.script.steps[0]!.also).toEqual([step!.snapshot]);
  });

  test('more than 60 refuse the file, naming the step', async () => {
    const reading = await withAlso((step) => Array.from({ length: 61 }, () => step.snapshot));
    expect(reading).toEqual({
      ok: false,
      error: expect.stringMatching(/^Step 1.*more than 60 other answers/),
    });
  });

  test('that are not answers refuse the file, naming the step', async () => {
    const reading = await withAlso(() => [{ kind: 'nope' }]);
    expect(reading).toEqual({ ok: false, error: expect.stringMatching(/^Step 1/) });
  });
});

describe('a batch step’s recorded answers (its cells’, decision 097)', () => {
  const tourAnswer = async () => {
    const tour = (await (await fetch('/api/_sandbox/tour')).json()) as {
      steps: { snapshot: SnapshotFile }[];
    };
    return tour.steps[0]!.snapshot;
  };

  test('are written with the batch and read back the same, so its pivot plays back', async () => {
    const answer = await tourAnswer();
    const withAnswers: DemoScript = {
      ...script,
      steps: [{ ...script.steps[0]!, also: [answer] }],
    };
    const reading = await readDemo(JSON.stringify(demoFile(withAnswers)));
    if (!reading.ok) throw new Error(reading.error);
    const [step] = reading.script.steps;
    expect(step!.batch).toMatchObject({ target: 'example.com' });
    expect(step!.also).toEqual([cleanSnapshot(answer)]);
  });

  test('an answer that is not one refuses the file, naming the step', async () => {
    const text = JSON.stringify({
      ...demoFile(script),
      steps: [
        {
          title: 'x',
          caption: 'y',
          batch: JSON.parse(serializeDefinition(batch)),
          also: [{ kind: 'nope' }],
        },
      ],
    });
    expect(await readDemo(text)).toEqual({ ok: false, error: expect.stringMatching(/^Step 1/) });
  });
});
