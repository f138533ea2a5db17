import { envelope, FILE_KINDS, type FileFormat } from '../../lib/file-envelope.ts';
import { nested, z } from '../../lib/file-schemas.ts';
import type { SnapshotFile } from './snapshot-file.ts';

const SNAPSHOT_KIND = FILE_KINDS.snapshot;

/**
 * A snapshot file's outline (decision 066): its request and its answer as the service sent it.
 * What the answer says is read later, by its endpoint's own schema (snapshot-file.ts). zod
 * loads with this module, which views reach through `import()`.
 */
const snapshotSchema = z.object({
  savedAt: z.string(),
  request: z.object({ endpoint: z.string(), params: z.record(z.string(), z.string()) }),
  response: z.object({
    status: z.number(),
    contentType: z.string(),
    durationMs: z.optional(z.number()),
    body: z.optional(z.unknown()),
    html: z.optional(z.string()),
    base64: z.optional(z.string()),
  }),
});

const NOT_A_SNAPSHOT = 'This file is not a dashboard snapshot';

export const SNAPSHOT_FILE: FileFormat<Omit<SnapshotFile, 'kind' | 'version'>> = {
  kind: SNAPSHOT_KIND,
  version: 1,
  schema: snapshotSchema,
  refusals: {
    notJson: `${NOT_A_SNAPSHOT}: it is not valid JSON.`,
    otherKind: () =>
      `${NOT_A_SNAPSHOT}: it lacks the snapshot format, its request or its response.`,
    otherVersion: (version) =>
      `This snapshot was written by another version of the dashboard (${String(version)}).`,
  },
};

/** A snapshot inside another file or record (a demo script's step), kind and version checked. */
export const nestedSnapshotSchema: z.ZodMiniType<SnapshotFile> = z.pipe(
  nested(SNAPSHOT_FILE),
  z.transform((payload) => envelope({ kind: SNAPSHOT_KIND, version: 1 as const }, payload)),
);
