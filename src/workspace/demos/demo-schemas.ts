import { FILE_KINDS, type FileFormat } from '../../lib/file-envelope.ts';
import { nested, refuse, z } from '../../lib/file-schemas.ts';
import { BATCH_FILE, batchSchema } from '../runs/lib/batch-schemas.ts';
import type { BatchDefinition } from '../runs/lib/definition.ts';
import type { SnapshotFile } from '../snapshots/snapshot-file.ts';
import { nestedSnapshotSchema } from '../snapshots/snapshot-schemas.ts';
import type { DemoScript, DemoStep, StepContent } from './demo-file.ts';
import { MAX_ALSO } from './demo-limits.ts';
import { stepLabel } from './step-label.ts';

/**
 * A demo script as its file holds it and as the browser stores it (decision 066): each step a
 * snapshot or a batch, read by their own files' schemas. zod loads with this module, which
 * views reach through `import()` (demo-file.ts, demo-store.ts).
 */
export const MAX_STEPS = 100;
const NOT_A_SCRIPT = 'This file is not a demo script';
const NO_STEPS = 'This demo script has no steps.';
const NO_TEXT = 'it has no title or caption.';

/** A step's content: its batch if it has one, else its answer. */
function content(
  step: { snapshot?: SnapshotFile | undefined; batch?: BatchDefinition | undefined },
  ctx: { issues: z.core.$ZodRawIssue[]; value: unknown },
): StepContent {
  if (step.batch) return { batch: step.batch };
  if (step.snapshot) return { snapshot: step.snapshot };
  refuse(ctx, 'it has neither an answer nor a batch.');
  return z.NEVER;
}

/**
 * A step's view state (demo-file.ts): the page URL's own settings, short text only. Optional,
 * so files written before it still open (version 1 either way), and older pages ignore it.
 */
const MAX_VIEW_FIELDS = 40;
const MAX_VIEW_TEXT = 4000;
export const viewStateSchema = z
  .record(
    z.string().check(z.maxLength(100)),
    z.string('its view state must be text.').check(z.maxLength(MAX_VIEW_TEXT)),
    'its view state must be a list of settings.',
  )
  .check(
    z.refine((view) => Object.keys(view).length <= MAX_VIEW_FIELDS, {
      error: `its view state has more than ${MAX_VIEW_FIELDS} settings.`,
    }),
    z.refine((view) => !Object.hasOwn(view, 'api_key'), { error: 'its view state holds a key.' }),
  );

/** A step's other answers (demo-file.ts): a comparison's second pair, a few more at most. */
const alsoSchema = z
  .array(nestedSnapshotSchema, 'its other answers must be a list.')
  .check(z.maxLength(MAX_ALSO, `it has more than ${MAX_ALSO} other answers.`));

/** A step of a file: its text, and its batch or its answer's outline (its content is read later). */
const fileStep = z.pipe(
  z.object(
    {
      title: z.string(NO_TEXT),
      caption: z.string(NO_TEXT),
      view: z.optional(viewStateSchema),
      also: z.optional(alsoSchema),
      batch: z.optional(nested(BATCH_FILE)),
      snapshot: z.optional(nestedSnapshotSchema),
    },
    NO_TEXT,
  ),
  z.transform(({ title, caption, view, also, batch, snapshot }, ctx) => ({
    title,
    caption,
    ...(view && { view }),
    ...(also && { also }),
    ...content({ batch, snapshot }, ctx),
  })),
);

const demoSchema = z.object({
  name: z.catch(z.string(), ''),
  steps: z.pipe(
    z.array(z.unknown(), NO_STEPS).check(
      z.minLength(1, NO_STEPS),
      z.maxLength(MAX_STEPS, {
        error: (issue) =>
          `This demo script has ${(issue.input as unknown[]).length} steps; at most ${MAX_STEPS} are played.`,
      }),
    ),
    z.array(fileStep),
  ),
});

export const DEMO_FILE: FileFormat<z.infer<typeof demoSchema>> = {
  kind: FILE_KINDS.demo,
  version: 1,
  schema: demoSchema,
  refusals: {
    notJson: `${NOT_A_SCRIPT}: it is not valid JSON.`,
    otherKind: (kind) =>
      kind === FILE_KINDS.snapshot
        ? `${NOT_A_SCRIPT}: it is a snapshot. Open it with “Open snapshot” in History, or add it to a script from its view.`
        : `${NOT_A_SCRIPT}: it lacks the demo format.`,
    otherVersion: (version) =>
      `This demo script was written by another version of the dashboard (${String(version)}).`,
  },
};

/**
 * The file's format with each step named as the editor names it, "Step 3 (Realty listings)"
 * (`steps`: the file's own, as parsed, for the view each one says it shows).
 */
export const demoFileFormat = (steps: unknown): FileFormat<z.infer<typeof demoSchema>> => ({
  ...DEMO_FILE,
  where: ([field, i, part]) => {
    if (field !== 'steps' || typeof i !== 'number') return '';
    if (part === 'batch') return `Step ${i + 1} is a batch that cannot be used`;
    return stepLabel(i, Array.isArray(steps) ? steps[i] : undefined);
  },
});

/**
 * A script as stored (demo-store.ts): its steps read as a file's are, a batch as the batch view
 * keeps it (no kind or version). Fields this page does not name are kept.
 */
export const storedScriptSchema: z.ZodMiniType<DemoScript> = z.looseObject({
  id: z.string(),
  name: z.string(),
  updatedAt: z.number(),
  steps: z.array(
    z.pipe(
      z.looseObject({
        id: z.string(),
        title: z.string(),
        caption: z.string(),
        view: z.optional(viewStateSchema),
        also: z.optional(alsoSchema),
        batch: z.optional(batchSchema),
        snapshot: z.optional(nestedSnapshotSchema),
        answers: z.optional(z.string()),
      }),
      z.transform(({ batch, snapshot, ...step }, ctx): DemoStep => ({
        ...step,
        ...content({ batch, snapshot }, ctx),
      })),
    ),
  ),
});
