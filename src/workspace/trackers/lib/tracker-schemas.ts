import { FILE_KINDS, place, readRecord, type FileFormat } from '../../../lib/file-envelope.ts';
import { atLeast, refuse, time, whole, z } from '../../../lib/file-schemas.ts';
import { maskEchoedKeysInText } from '../../../lib/mask-echoed-keys.ts';
import { batchSchema, batchWhere } from '../../runs/lib/batch-schemas.ts';
import type { BatchDefinition } from '../../runs/lib/definition.ts';
import { ALERT_KINDS, type TrackerAlert } from './alerts.ts';
import { MISSED_REASONS, type RunCell, type TrackerRun } from './run.ts';
import { TRACKERS_VERSION, type TrackerWithRuns } from './tracker-file-write.ts';
import { CADENCES, type Tracker } from './tracker.ts';

/**
 * The trackers file's schema, and the ones trackers, runs and alerts are read back with from
 * the browser's storage (decision 066): one definition of each shape. zod loads with this
 * module: its name keeps it out of the chunk every view loads (vite.config.ts), and the storage
 * module, which loads with every view, reaches it through `import()`.
 */

const resultSchema = z.object({
  rank: atLeast(1),
  link: z.string(),
  title: z.optional(z.string()),
});

/** One cell of a run (run.ts), as a file and a stored run hold it. */
const cellSchema: z.ZodMiniType<RunCell> = z.discriminatedUnion('state', [
  z.object({ state: z.literal('answered'), at: time(), results: z.array(resultSchema) }),
  z.object({
    state: z.literal('failed'),
    status: z.optional(whole()),
    charged: z.enum(['yes', 'no', 'unknown']),
  }),
  z.object({ state: z.literal('not-checked') }),
]);

const RUN = 'not a valid run.';

/** A run's cells, each named when it does not read. */
const cellsSchema = z.pipe(
  z.record(z.string(), z.unknown(), RUN),
  z.transform((raw, ctx) => {
    const cells: Record<string, RunCell> = {};
    for (const [id, c] of Object.entries(raw)) {
      const cell = readRecord(cellSchema, c);
      if (cell) cells[id] = cell;
      else refuse(ctx, `the cell ${id} is not valid.`, [id]);
    }
    return cells;
  }),
);

const runFields = (statuses: readonly [TrackerRun['status'], ...TrackerRun['status'][]]) => ({
  id: z.string(RUN),
  slot: z.nullable(time(RUN)),
  startedAt: time(RUN),
  finishedAt: z.nullable(time(RUN)),
  status: z.enum(statuses, RUN),
  missedReason: z.optional(z.enum(MISSED_REASONS, RUN)),
  credits: time(RUN),
  compactedTo: z.optional(atLeast(1, RUN)),
  suspect: z.optional(z.string(RUN)),
  cells: cellsSchema,
});

/** A run as a file holds it: ended (done, stopped or missed), its tracker the one it is in. */
const fileRunSchema = z.object(runFields(['done', 'stopped', 'missed']), RUN);

/**
 * A run as stored: also one still running, and one made from a batch (`fromBatch`). Changing it
 * means raising `RUN_RECORD_SHAPE` (record-shapes.ts): stamped runs are not checked again.
 */
export const storedRunSchema: z.ZodMiniType<TrackerRun> = z.looseObject({
  ...runFields(['running', 'done', 'stopped', 'missed']),
  trackerId: z.string(),
  fromBatch: z.optional(z.literal(true)),
});

const ID = 'a tracker needs an id and a name.';
const ALERTS = 'its alert rules are not valid.';

/** What a tracker is besides its requests, as a file and a stored tracker hold it. */
const settingsFields = {
  id: z.string(ID),
  name: z.string(ID),
  createdAt: time('its creation time is not valid.'),
  monthlyCap: z.nullable(time('the monthly cap must be a whole number, or none.')),
  cadence: z.enum(CADENCES, `the cadence must be one of ${CADENCES.join(', ')}.`),
  anchor: z.nullable(time("its schedule's anchor is not valid.")),
  topN: whole('the top N must be from 1 to 100.').check(
    z.gte(1, 'the top N must be from 1 to 100.'),
    z.lte(100, 'the top N must be from 1 to 100.'),
  ),
  alerts: z.object(
    {
      moveBy: z.nullable(atLeast(1, ALERTS)),
      leavesTop10: z.boolean(ALERTS),
      entersTop10: z.optional(z.boolean(ALERTS)),
      competitorOvertakes: z.boolean(ALERTS),
      top3: z.optional(z.boolean(ALERTS)),
    },
    ALERTS,
  ),
};

type Settings = z.infer<z.ZodMiniObject<typeof settingsFields>>;

/** A tracker from its settings and its requests (read as a batch file's are). */
const trackerOf = (s: Settings, d: BatchDefinition): Tracker => ({
  id: s.id,
  name: s.name,
  createdAt: s.createdAt,
  endpoint: d.endpoint,
  rows: d.rows,
  locales: d.locales,
  target: d.target ?? '',
  competitors: d.competitors ?? [],
  capPerRun: d.cap,
  monthlyCap: s.monthlyCap,
  cadence: s.cadence,
  anchor: s.anchor,
  topN: s.topN,
  alerts: { ...s.alerts },
});

/** Links pass through the same masking as snapshots' answers (an `api_key=` in one is hidden). */
const maskedCell = (c: RunCell): RunCell =>
  c.state === 'answered'
    ? { ...c, results: c.results.map((r) => ({ ...r, link: maskEchoedKeysInText(r.link) })) }
    : c;

const entrySchema = z.pipe(
  z.object(
    {
      ...settingsFields,
      definition: batchSchema,
      runs: z.array(fileRunSchema, 'it has no list of runs.'),
    },
    ID,
  ),
  z.transform(({ definition, runs, ...settings }): TrackerWithRuns => ({
    tracker: trackerOf(settings, definition),
    runs: runs.map((r) => ({
      ...r,
      trackerId: settings.id,
      cells: Object.fromEntries(Object.entries(r.cells).map(([id, c]) => [id, maskedCell(c)])),
    })),
  })),
);

/** "Tracker 1", "Tracker 1, run 2", "Tracker 1: Row 3" (its requests, as a batch file says). */
function trackersWhere(path: readonly PropertyKey[]): string {
  const [field, i, part, j] = path;
  if (field !== 'trackers' || typeof i !== 'number') return '';
  const tracker = `Tracker ${i + 1}`;
  if (part === 'definition') return place(tracker, batchWhere(path.slice(3)));
  return part === 'runs' && typeof j === 'number' ? `${tracker}, run ${j + 1}` : tracker;
}

const NO_TRACKERS = 'The file has no trackers.';

export const TRACKERS_FILE: FileFormat<TrackerWithRuns[]> = {
  kind: FILE_KINDS.trackers,
  version: TRACKERS_VERSION,
  schema: z.pipe(
    z.object({
      trackers: z.array(entrySchema, NO_TRACKERS).check(z.minLength(1, NO_TRACKERS)),
    }),
    z.transform((file) => file.trackers),
  ),
  refusals: {
    notJson: 'The file is not JSON.',
    otherKind: () => 'The file is not a trackers file saved by this dashboard.',
    otherVersion: (version) =>
      `The file is of version ${String(version)}; this dashboard reads version ${TRACKERS_VERSION}.`,
  },
  where: trackersWhere,
};

/**
 * A tracker as stored: its settings and requests read as a file's are. Fields this page does
 * not name are kept (a newer page's), as they are in every stored record read here.
 */
export const storedTrackerSchema: z.ZodMiniType<Tracker> = z.pipe(
  z.looseObject({
    ...settingsFields,
    storedAt: z.optional(z.number()),
    capPerRun: z.nullable(z.number()),
  }),
  z.transform((t, ctx) => {
    const requests = batchSchema.safeParse({
      endpoint: t.endpoint,
      rows: t.rows,
      locales: t.locales,
      cap: t.capPerRun,
      target: t.target,
      competitors: t.competitors,
    });
    if (!requests.success) {
      refuse(ctx, 'its requests are not valid.');
      return z.NEVER;
    }
    return { ...t, ...trackerOf(t, requests.data) };
  }),
);

/** An alert as stored, with whether it was seen. */
export const storedAlertSchema: z.ZodMiniType<TrackerAlert & { seen: boolean }> = z.looseObject({
  id: z.string(),
  trackerId: z.string(),
  runId: z.string(),
  at: z.number(),
  cellId: z.string(),
  kind: z.enum(ALERT_KINDS),
  text: z.string(),
  seen: z.boolean(),
});
