import { describe, expect, test } from 'vitest';
import { FILE_KINDS } from '../../lib/file-envelope.ts';
import { MAX_DEMO_BYTES, MAX_STEP_DEPTH, readDemo } from './demo-file.ts';

/*
 * Hostile files (issue #36, point 6): each refusal is a sentence that names the step, never a
 * throw (readDemo runs in a Worker, where a throw would be lost and the file silently not opened).
 */

const snapshotStep = (endpoint: string, params: Record<string, string>, response: object) => ({
  title: `A ${endpoint} step`,
  caption: '',
  snapshot: {
    kind: FILE_KINDS.snapshot,
    version: 1,
    savedAt: '2026-11-27T00:00:00.000Z',
    request: { endpoint, params },
    response: { status: 200, contentType: 'application/json', ...response },
  },
});

const search = snapshotStep('search', { query: 'tea' }, { body: { organic_results: [] } });
const realty = (body: unknown) =>
  snapshotStep('realty', { url: 'https://www.realty.example/homes/seattle-wa_rb/' }, { body });

const file = (...steps: unknown[]) =>
  JSON.stringify({ kind: FILE_KINDS.demo, version: 1, name: 'Hostile', savedAt: '', steps });

/** `levels` objects inside each other, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { inner: value };
  return value;
}

describe('a hostile demo file', () => {
  test('an answer nested 3,000 levels deep is refused, naming its step', async () => {
    const text = file(search, search, realty(nested(3000)));
    await expect(readDemo(text)).resolves.toEqual({
      ok: false,
      error: `Step 3 (Realty listings): its answer nests deeper than ${MAX_STEP_DEPTH} levels.`,
    });
  });

  test('a step of the wrong type is refused, naming its step and its view', async () => {
    const reading = await readDemo(file(search, { ...search, title: 42 }));
    expect(reading).toEqual({ ok: false, error: 'Step 2 (Search): it has no title or caption.' });
  });

  test('an answer of the wrong shape for its view is refused, naming its step', async () => {
    const reading = await readDemo(file(search, search, realty('not listings')));
    expect(reading).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^Step 3 \(Realty listings\): its answer.s response does not have the shape/,
      ) as string,
    });
  });

  test('a file over the limit is refused by its size, before it is parsed', async () => {
    const reading = await readDemo('not even JSON', MAX_DEMO_BYTES + 10 * 1024 * 1024);
    expect(reading).toEqual({
      ok: false,
      error: 'This file is 160.00 MB: a demo script is at most 150.00 MB.',
    });
  });

  test('a step whose answer is over a snapshot’s limit is refused, naming its step', async () => {
    const shot = snapshotStep(
      'screenshot',
      { url: 'https://example.com/' },
      { contentType: 'image/png', base64: 'A'.repeat(81 * 1024 * 1024) },
    );
    const reading = await readDemo(file(search, shot));
    expect(reading).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^Step 2 \(Screenshot\): its answer is 81.00 MB; a step holds at most 80.00 MB\.$/,
      ) as string,
    });
  });
});
