import { describe, expect, test } from 'vitest';
import { envelope, readFileText, readRecord, type FileFormat } from './file-envelope.ts';
import { nested, z } from './file-schemas.ts';

const NOTE: FileFormat<{ name: string; steps: { title: string; count?: number }[] }> = {
  kind: 'test.note',
  version: 2,
  schema: z.object({
    name: z.string(),
    steps: z.array(z.object({ title: z.string(), count: z.optional(z.int()) })),
  }),
  refusals: {
    notJson: 'This is not JSON.',
    otherKind: (kind) => `This is not a note (${String(kind)}).`,
    otherVersion: (version) => `This note was written by another version (${String(version)}).`,
  },
};

const text = (value: unknown) => JSON.stringify(value);

describe('the file envelope', () => {
  test('writes kind and version first, then the payload, and reads it back', () => {
    const file = envelope(NOTE, { name: 'n', steps: [{ title: 'a' }] });
    expect(Object.keys(file)).toEqual(['kind', 'version', 'name', 'steps']);
    expect(readFileText(text(file), NOTE)).toEqual({
      ok: true,
      value: { name: 'n', steps: [{ title: 'a' }] },
    });
  });

  test('opens a file saved before it, whose kind is under the old `format` key', () => {
    const old = { format: 'test.note', version: 2, name: 'n', steps: [] };
    expect(readFileText(text(old), NOTE)).toEqual({ ok: true, value: { name: 'n', steps: [] } });
  });

  test('refuses another kind of file, a newer version, and what is not JSON, each in one sentence', () => {
    expect(readFileText(text({ kind: 'test.other', version: 2 }), NOTE)).toEqual({
      ok: false,
      errors: ['This is not a note (test.other).'],
    });
    expect(readFileText(text([1, 2]), NOTE)).toEqual({
      ok: false,
      errors: ['This is not a note (undefined).'],
    });
    expect(readFileText(text({ kind: 'test.note', version: 3 }), NOTE)).toEqual({
      ok: false,
      errors: ['This note was written by another version (3).'],
    });
    expect(readFileText('{ not json', NOTE)).toEqual({ ok: false, errors: ['This is not JSON.'] });
  });

  test('lists every problem of a payload in plain words, each with where it is', () => {
    const bad = {
      kind: 'test.note',
      version: 2,
      steps: [{ title: 'a' }, { title: 'b', count: 1.5 }, { title: 3 }, 'x'],
    };
    expect(readFileText(text(bad), NOTE)).toEqual({
      ok: false,
      errors: [
        'name: missing',
        'steps[1].count: expected a whole number',
        'steps[2].title: expected text',
        'steps[3]: expected an object',
      ],
    });
  });

  test('places the errors of a file inside another one at that file', () => {
    const OUTER: FileFormat<{ inner: { name: string } }> = {
      ...NOTE,
      kind: 'test.outer',
      schema: z.object({ inner: nested(NOTE) }),
      where: (path) => (path[0] === 'inner' ? 'The inner note' : ''),
    };
    const outer = (inner: unknown) => text({ kind: 'test.outer', version: 2, inner });
    expect(readFileText(outer({ kind: 'test.note', version: 1 }), OUTER)).toEqual({
      ok: false,
      errors: ['The inner note: This note was written by another version (1).'],
    });
    expect(
      readFileText(outer({ kind: 'test.note', version: 2, name: 1, steps: [] }), OUTER),
    ).toEqual({ ok: false, errors: ['The inner note: name: expected text'] });
  });

  test('reads a file nested thousands of levels deep without overflowing the stack', () => {
    for (const depth of [3_000, 20_000]) {
      const deep = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
      const file = `{"kind":"test.note","version":2,"name":"n","steps":[{"title":${deep}}]}`;
      expect(readFileText(file, NOTE)).toEqual({
        ok: false,
        errors: ['steps[0].title: expected text'],
      });
      const inName = `{"kind":"test.note","version":2,"name":"n","steps":${deep}}`;
      expect(readFileText(inName, NOTE).ok).toBe(false);
    }
  });

  test('a stored record that does not read is dropped, not thrown', () => {
    expect(readRecord(NOTE.schema, { name: 'n', steps: [] })).toEqual({ name: 'n', steps: [] });
    expect(readRecord(NOTE.schema, { name: 'n' })).toBeUndefined();
    expect(readRecord(NOTE.schema, undefined)).toBeUndefined();
  });
});
