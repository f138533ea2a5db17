import type * as z from 'zod/mini';
import { isRecord } from './is-record.ts';

/**
 * The one envelope of every file the dashboard writes and reads back (snapshots, demo scripts,
 * batch files, trackers files; decision 066): `{ kind, version, …payload }`. Reading a text
 * gives either the payload, read by its format's zod/mini schema, or one list of errors in
 * plain words, each saying where (`steps[2].title: expected text`).
 *
 * No zod here at run time: writers load with the views, and zod loads only with what reads a
 * file or a stored record (the `*-schemas.ts` modules; docs/performance.md).
 */
/** What each file says it is: the one list of the dashboard's file kinds. */
export const FILE_KINDS = {
  snapshot: 'web-data-dashboard.snapshot',
  demo: 'web-data-dashboard.demo',
  batch: 'web-data-dashboard.batch',
  trackers: 'web-data-dashboard.trackers',
} as const;

export interface FileFormat<T> {
  /** What the file says it is. Files saved before 066 say it as `format`: read as `kind`. */
  kind: string;
  version: number;
  /** The payload's schema (the file's own `kind` and `version` are not part of it). */
  schema: z.ZodMiniType<T>;
  /** Why a whole file is refused before its payload is read. */
  refusals: {
    notJson: string;
    /** Another kind of file (`kind`: what it says it is, if anything). */
    otherKind: (kind: unknown) => string;
    otherVersion: (version: unknown) => string;
  };
  /** Where an issue is, in words ('' for the file as a whole); the path by default. */
  where?: (path: readonly PropertyKey[]) => string;
}

export type FileReading<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** A file as it is written: kind and version first, then the payload. */
export const envelope = <K extends string, V extends number, P extends object>(
  format: { kind: K; version: V },
  payload: P,
): { kind: K; version: V } & P => ({
  kind: format.kind,
  version: format.version,
  ...payload,
});

const refuse = (error: string): { ok: false; errors: string[] } => ({ ok: false, errors: [error] });

/** Reads a file's text: its payload, or every reason it is refused. */
export function readFileText<T>(text: string, format: FileFormat<T>): FileReading<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(format.refusals.notJson);
  }
  return readFileValue(json, format);
}

/** The kind a file says it is (`format` in files saved before decision 066). */
export const kindOf = (json: unknown): unknown =>
  isRecord(json) ? (json.kind ?? json.format) : undefined;

/** Reads a file already parsed from JSON (a file inside another one, say). */
export function readFileValue<T>(json: unknown, format: FileFormat<T>): FileReading<T> {
  const kind = kindOf(json);
  if (!isRecord(json) || kind !== format.kind) return refuse(format.refusals.otherKind(kind));
  if (json.version !== format.version) return refuse(format.refusals.otherVersion(json.version));
  return readPayload(json, format.schema, format.where);
}

/** Reads a value with a schema: the value, or its issues in plain words. */
export function readPayload<T>(
  value: unknown,
  schema: z.ZodMiniType<T>,
  where: (path: readonly PropertyKey[]) => string = pathText,
): FileReading<T> {
  const parsed = schema.safeParse(value, { error: plainWords });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = parsed.error.issues.map((issue) => place(where(issue.path), issue.message));
  return { ok: false, errors: [...new Set(errors)] };
}

/**
 * A stored record read back with its format's schema (the same one its file is read with):
 * its value, or undefined when it does not read, so it is dropped rather than thrown.
 */
export function readRecord<T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined {
  const read = schema.safeParse(value);
  return read.success ? read.data : undefined;
}

/** "where: what", or just "what" where the issue is about the file as a whole. */
export const place = (...parts: string[]): string => parts.filter(Boolean).join(': ');

/** A path as a reader of JSON writes it: `steps[2].title`. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

const NOUNS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  record: 'an object',
  null: 'nothing (null)',
};

const list = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** What an issue says when its schema gave no message of its own. */
function plainWords(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'missing'
        : `expected ${NOUNS[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return issue.origin === 'array' || issue.origin === 'set'
        ? `needs at least ${String(issue.minimum)}`
        : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'array' || issue.origin === 'set'
        ? `holds at most ${String(issue.maximum)}`
        : `must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${list(issue.values)}`
        : `must be one of ${list(issue.values)}`;
    case 'invalid_union':
      return 'is none of the shapes it may have';
    default:
      return 'is not valid';
  }
}
