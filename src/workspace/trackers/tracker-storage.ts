import { delMany, get, getMany, keys, set, setMany } from 'idb-keyval';
import { readRecord } from '../../lib/file-envelope.ts';
import { isRecord } from '../../lib/is-record.ts';
import { createWriter, databaseStore } from '../../session/browser-databases.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import type { TrackerAlert } from './lib/alerts.ts';
import {
  currentPair,
  latestMoversOf,
  runsThatRan,
  sameLatestMovers,
  withStoredRun,
  type LatestMovers,
} from './lib/latest-movers.ts';
import { packMovers, unpackMovers, unpackRun, type PackedMovers } from './lib/movers-record.ts';
import type { TrackerRun } from './lib/run.ts';
import {
  COMPACT_TOP_N,
  compactionOrder,
  compactRun,
  DEFAULT_STORAGE_BUDGET,
  runSize,
  type RunEntry,
} from './lib/storage-budget.ts';
import type { Tracker } from './lib/tracker.ts';
import { MOVERS_RECORD_SHAPE, RUN_RECORD_SHAPE, TRACKER_RECORD_SHAPE } from './record-shapes.ts';

/**
 * Trackers live in their own IndexedDB database (decision 054), not under a tab's results as
 * batches do: a tracker's point is its history over weeks, so it outlives tabs and days. It is
 * deleted whole when a key is cleared (decision 042), as batches are.
 *
 * `['tracker', id]` a tracker; `['run', trackerId, runId]` one run (run ids sort by time);
 * `['size', trackerId, runId]` what that run counts against the budget (so the budget is
 * checked without reading every run); `['sent', trackerId, runId]` the cells a running run has
 * sent, each recorded before it left (the write-ahead: a run cut short shows them as maybe
 * charged); `['movers', trackerId]` the two runs the movers compare by default, cut to the
 * target's ranks (decision 101: written with the run that changes them); `['cells', trackerId,
 * runId, n]` the n-th slice of a big run's cells (decision 127); `['alert', trackerId, alertId]`
 * one alert; `['settings']` the storage budget.
 */
type Key =
  | ['tracker', string]
  | ['run', string, string]
  | ['size', string, string]
  | ['sent', string, string]
  | ['movers', string]
  | ['cells', string, string, number]
  | ['alert', string, string]
  | ['settings'];

export interface StoredAlert extends TrackerAlert {
  seen: boolean;
}

interface Settings {
  budget: number;
}

const store = () => databaseStore('trackers');

/**
 * What trackers, runs and alerts are read back with: the trackers file's schemas (decision 066),
 * loaded with the first read. A record that does not read is left out, never thrown.
 */
const schemas = () => import('./lib/tracker-schemas.ts');
const writer = createWriter<Key>('trackers');

const isKey = (key: IDBValidKey): key is Key => Array.isArray(key) && typeof key[0] === 'string';

async function allKeys(): Promise<Key[]> {
  return (await keys(store())).filter(isKey);
}

/**
 * Records read through `schema` unless stamped with `shape` (then taken as written, decision
 * 095, stamp removed). The schemas' code (zod) is loaded only when a record needs it, so a
 * view whose records are all stamped, or that has none, never waits for it (decision 106).
 */
async function readStamped<T>(
  records: readonly unknown[],
  shape: number | null,
  schemaOf: (s: Awaited<ReturnType<typeof schemas>>) => Parameters<typeof readRecord<T>>[0],
): Promise<(T | undefined)[]> {
  const stamped = (r: unknown): r is Record<string, unknown> =>
    shape !== null && isRecord(r) && r.shape === shape;
  const schema = records.every(stamped) ? undefined : schemaOf(await schemas());
  return records.map((r) => {
    if (stamped(r)) {
      const { shape: _shape, ...record } = r;
      return record as T;
    }
    return schema ? readRecord(schema, r) : undefined;
  });
}

export async function listTrackers(): Promise<Tracker[]> {
  const trackerKeys = (await allKeys()).filter((k) => k[0] === 'tracker');
  const trackers = await readStamped<Tracker>(
    await getMany<unknown>(trackerKeys, store()),
    TRACKER_RECORD_SHAPE,
    (s) => s.storedTrackerSchema,
  );
  // A tracker stored before a key was cleared (in any tab) is never read again, whatever a tab
  // that had not heard of it wrote meanwhile (decision 042).
  const cleared = resultsClearedAt.get();
  return trackers
    .filter((t): t is Tracker => t !== undefined && (t.storedAt ?? t.createdAt) > cleared)
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** What the trackers list shows: the trackers, each one's last run, the alerts. */
export type TrackerList = [Tracker[], Map<string, RunSummary>, StoredAlert[]];

/** The stored trackers, their last runs and the alerts, read at once. */
export const readTrackerList = (): Promise<TrackerList> =>
  Promise.all([listTrackers(), lastRuns(), loadAlerts()]);

/** Stores a tracker, stamped: it was built here or read through the schema (decision 106). */
export const saveTracker = (tracker: Tracker) =>
  set(
    ['tracker', tracker.id],
    { ...tracker, storedAt: Date.now(), shape: TRACKER_RECORD_SHAPE },
    store(),
  );

/**
 * Records, before a request of a running run leaves, every cell that run has sent (the run
 * engine's write-ahead); resolves once it is stored. One small record per run, written again as
 * the run goes: the run's own record holds every answer and is written once a second.
 */
export const saveSent = (run: Pick<TrackerRun, 'trackerId' | 'id'>, cellIds: readonly string[]) =>
  writer.put([[['sent', run.trackerId, run.id], [...cellIds]]]);

/** The cells a run stored as running had sent (it may have been cut short with them in flight). */
const sentBy = async (run: TrackerRun): Promise<string[]> =>
  run.status === 'running'
    ? ((await get<string[]>(['sent', run.trackerId, run.id], store())) ?? [])
    : [];

interface StampedRun extends TrackerRun {
  shape: typeof RUN_RECORD_SHAPE;
  /** Its cells are stored in this many records of their own (decision 127), not in it. */
  cellSlices?: number;
}

/**
 * A run's cells are stored apart, this many to a record, once there are more (decision 127):
 * reading a record is one task the page cannot split (IndexedDB copies it out whole), and a
 * run of a thousand cells with their top ten results was one of 30–90 ms, thirty of them in a
 * row while the view reads a tracker's runs (issue 41).
 */
export const CELLS_PER_RECORD = 200;

type RunCells = TrackerRun['cells'];

/** A run's cells in slices of {@link CELLS_PER_RECORD}, in their order; none for a small run. */
function cellSlices(cells: RunCells): RunCells[] {
  const entries = Object.entries(cells);
  if (entries.length <= CELLS_PER_RECORD) return [];
  const slices: RunCells[] = [];
  for (let from = 0; from < entries.length; from += CELLS_PER_RECORD)
    slices.push(Object.fromEntries(entries.slice(from, from + CELLS_PER_RECORD)));
  return slices;
}

/** A run as its record reads: with the count of its cells' records when they are apart. */
type StoredRun = TrackerRun & Pick<StampedRun, 'cellSlices'>;

/** A stored run with its cells stored apart read back into it, one record at a time (a task each). */
async function withCellsRead(run: StoredRun): Promise<TrackerRun | undefined> {
  const { cellSlices: count, ...rest } = run;
  if (count === undefined) return run;
  const cells: RunCells = {};
  for (let n = 0; n < count; n++) {
    const slice = await get<RunCells>(['cells', run.trackerId, run.id, n], store());
    // A slice missing (a store cut short by the browser): the run does not read, as a broken one.
    if (!isRecord(slice)) return undefined;
    Object.assign(cells, slice);
  }
  return { ...rest, cells };
}

/**
 * A run as stored, or undefined (none, or one that does not read). A run this version wrote
 * is taken as it is (decision 095): every one was built here or read through the schema before
 * it was written, and checking a thousand cells again held the first movers row for about
 * 300 ms a run at 4× CPU. Anything else (an older version's, a record without the stamp) is
 * read through the schema.
 */
async function storedRun(key: ['run', string, string]): Promise<TrackerRun | undefined> {
  const [run] = await readStamped<TrackerRun>(
    [await get<unknown>(key, store())],
    RUN_RECORD_SHAPE,
    (s) => s.storedRunSchema,
  );
  return run && withCellsRead(run);
}

/** A stored run, with what it had sent when it is stored as running. */
async function readRun(key: ['run', string, string]): Promise<TrackerRun | undefined> {
  const run = await storedRun(key);
  if (!run || run.status !== 'running') return run;
  return { ...run, sent: await sentBy(run) };
}

/** Deletes a tracker with its runs and alerts. */
export async function deleteTracker(id: string): Promise<void> {
  const mine = (await allKeys()).filter((k) => k[0] !== 'settings' && k[1] === id);
  await delMany(mine, store());
}

const runKeysOf = async (trackerId: string) =>
  (await allKeys()).filter(
    (k): k is ['run', string, string] => k[0] === 'run' && k[1] === trackerId,
  );

const oldestFirst = (runs: readonly (TrackerRun | undefined)[]) =>
  runs.filter((r): r is TrackerRun => r !== undefined).sort((a, b) => a.startedAt - b.startedAt);

/** A tracker's runs, oldest first; the `known` ones (read before) are not read again. */
export async function loadRuns(
  trackerId: string,
  known: readonly TrackerRun[] = [],
): Promise<TrackerRun[]> {
  const have = new Map(known.map((r) => [r.id, r]));
  // One run per read: a run of a thousand cells is a few MB to copy out of IndexedDB, and
  // thirty at once would hold the page for one long task.
  const runs: (TrackerRun | undefined)[] = [];
  for (const key of await runKeysOf(trackerId)) runs.push(have.get(key[2]) ?? (await readRun(key)));
  return oldestFirst(runs);
}

/**
 * A tracker's newest runs, oldest first, read from the newest back until `ran` of them ran
 * (missed ones are a few bytes), and how many older runs were left unread: what the movers
 * need, before thirty runs of a thousand cells are read (decision 054).
 */
export async function loadNewestRuns(
  trackerId: string,
  ran = 2,
): Promise<{ runs: TrackerRun[]; older: number }> {
  // Keys come sorted, and run ids sort by time (run.ts).
  const runKeys = await runKeysOf(trackerId);
  const runs: TrackerRun[] = [];
  let found = 0;
  let next = runKeys.length - 1;
  for (; next >= 0 && found < ran; next--) {
    const run = await readRun(runKeys[next]!);
    if (!run) continue;
    runs.push(run);
    if (run.status !== 'missed' && run.status !== 'running') found += 1;
  }
  return { runs: oldestFirst(runs), older: next + 1 };
}

/** What the trackers list shows of a tracker's last run. */
export type RunSummary = Pick<TrackerRun, 'startedAt' | 'status' | 'credits'>;

/**
 * Each tracker's newest run that is not a missed one, for the list: read from its size record
 * (a few bytes) rather than the run (a MB at a thousand cells); a record stored before records
 * said enough has the run read instead.
 */
export async function lastRuns(): Promise<Map<string, RunSummary>> {
  const newest = new Map<string, string>();
  for (const key of await allKeys())
    if (key[0] === 'run' && !key[2].endsWith('-missed')) {
      const known = newest.get(key[1]);
      if (known === undefined || known < key[2]) newest.set(key[1], key[2]);
    }
  const ids = [...newest];
  const records = await getMany<SizeRecord | undefined>(
    ids.map(([trackerId, id]) => ['size', trackerId, id]),
    store(),
  );
  const summaries = new Map<string, RunSummary>();
  for (const [i, [trackerId, id]] of ids.entries()) {
    const record = records[i];
    const summary =
      record?.status !== undefined && record.credits !== undefined
        ? { ...record, status: record.status, credits: record.credits }
        : await storedRun(['run', trackerId, id]);
    if (summary)
      summaries.set(trackerId, {
        startedAt: summary.startedAt,
        status: summary.status,
        credits: summary.credits,
      });
  }
  return summaries;
}

export async function storageBudget(): Promise<number> {
  const settings = await get<Settings>(['settings'], store()).catch(() => undefined);
  return settings?.budget ?? DEFAULT_STORAGE_BUDGET;
}

export const setStorageBudget = (budget: number) =>
  set(['settings'], { budget } satisfies Settings, store());

/** A run's entry for the budget, as stored beside it. */
interface SizeRecord {
  startedAt: number;
  size: number;
  compactedTo?: number;
  /** What the trackers list shows (records stored before these were kept lack them). */
  status?: TrackerRun['status'];
  credits?: number;
}

const sizeRecord = (run: TrackerRun): SizeRecord => ({
  startedAt: run.startedAt,
  size: runSize(run),
  status: run.status,
  credits: run.credits,
  ...(run.compactedTo === undefined ? {} : { compactedTo: run.compactedTo }),
});

/** A run's records: the run (its cells apart when many, decision 127) and its size entry. */
const runRecords = (runs: readonly TrackerRun[]): [Key, unknown][] =>
  runs.flatMap((r): [Key, unknown][] => {
    const slices = cellSlices(r.cells);
    const stamped: StampedRun =
      slices.length === 0
        ? { ...r, shape: RUN_RECORD_SHAPE }
        : { ...r, cells: {}, cellSlices: slices.length, shape: RUN_RECORD_SHAPE };
    return [
      [['run', r.trackerId, r.id], stamped],
      ...slices.map((slice, n): [Key, unknown] => [['cells', r.trackerId, r.id, n], slice]),
      [['size', r.trackerId, r.id], sizeRecord(r)],
    ];
  });

async function sizeEntries(): Promise<RunEntry[]> {
  const sizeKeys = (await allKeys()).filter((k): k is ['size', string, string] => k[0] === 'size');
  const sizes = await getMany<SizeRecord | undefined>(sizeKeys, store());
  return sizeKeys.flatMap(([, trackerId, id], i) => {
    const record = sizes[i];
    return record ? [{ id, trackerId, ...record }] : [];
  });
}

/** What every tracker's runs take, as the budget counts it. */
export async function trackersSize(): Promise<number> {
  return (await sizeEntries()).reduce((sum, e) => sum + e.size, 0);
}

/**
 * Saves a run (as it goes and when it ends). Once it ends, older runs of every tracker are
 * compacted to their top results, the oldest first and one at a time, while all of them take
 * more than the storage budget.
 */
export async function saveRun(run: TrackerRun): Promise<void> {
  const { sent: _sent, ...stored } = run;
  await writer.put([...runRecords([stored]), ...(await latestMoversWith([stored]))]);
  if (run.status === 'running') return;
  await delMany([['sent', run.trackerId, run.id]], store());
  const budget = await storageBudget();
  const entries = await sizeEntries();
  let total = entries.reduce((sum, e) => sum + e.size, 0);
  for (const entry of compactionOrder(entries, budget, run.id)) {
    if (total <= budget) break;
    const stored = await storedRun(['run', entry.trackerId, entry.id]);
    if (!stored) continue;
    const small = compactRun(stored, COMPACT_TOP_N);
    await setMany([...runRecords([small]), ...(await latestMoversWith([small]))], store());
    total -= entry.size - runSize(small);
  }
}

/** Runs of a file being imported (its tracker stored first), stored as they are. */
export async function saveRuns(runs: readonly TrackerRun[]): Promise<void> {
  const latest: [Key, unknown][] = [];
  for (const trackerId of new Set(runs.map((r) => r.trackerId))) {
    const target = await targetOf(trackerId);
    const theirs = oldestFirst(runs.filter((r) => r.trackerId === trackerId));
    const record = target === undefined ? undefined : latestMoversOf(theirs, target);
    if (record) latest.push(moversEntry(trackerId, record));
  }
  await setMany([...runRecords(runs), ...latest], store());
}

interface StoredLatestMovers extends PackedMovers {
  shape: typeof MOVERS_RECORD_SHAPE;
}

const moversEntry = (trackerId: string, record: LatestMovers): [Key, StoredLatestMovers] => [
  ['movers', trackerId],
  { ...packMovers(record), shape: MOVERS_RECORD_SHAPE },
];

/** A tracker's target as stored (a few bytes: the record is not read through its schema). */
async function targetOf(trackerId: string): Promise<string | undefined> {
  const tracker = await get<unknown>(['tracker', trackerId], store());
  return isRecord(tracker) && typeof tracker.target === 'string' ? tracker.target : undefined;
}

/** The latest movers record as stored, its runs still packed (unpacked only where they are read). */
async function storedLatestMovers(trackerId: string): Promise<PackedMovers | undefined> {
  const record = await get<unknown>(['movers', trackerId], store());
  if (!isRecord(record) || record.shape !== MOVERS_RECORD_SHAPE) return undefined;
  const { shape: _shape, ...latest } = record as unknown as StoredLatestMovers;
  return latest;
}

/**
 * The latest movers record once `runs` (of one tracker) are stored, to be written in their
 * transaction; none when the tracker has no record for its target yet (the view builds it once
 * it has read the runs: `keepLatestMovers`).
 */
async function latestMoversWith(runs: readonly TrackerRun[]): Promise<[Key, unknown][]> {
  const trackerId = runs[0]?.trackerId;
  // Only a run that ran changes the record (withStoredRun): a running run is saved each second.
  if (trackerId === undefined || runsThatRan(runs).length === 0) return [];
  const [stored, target] = await Promise.all([storedLatestMovers(trackerId), targetOf(trackerId)]);
  if (!stored || stored.target !== target) return [];
  const record = unpackMovers(stored);
  const next = runs.reduce(withStoredRun, record);
  return next === record ? [] : [moversEntry(trackerId, next)];
}

/**
 * The runs the movers compare by default, cut to the target's ranks, and how many other runs
 * the tracker has: what the view paints first. Undefined when no record holds them for the
 * tracker's target (a tracker stored by an older version, a target changed since).
 */
export async function loadLatestMovers(
  trackerId: string,
): Promise<{ runs: TrackerRun[]; older: number } | undefined> {
  const [record, target, runKeys] = await Promise.all([
    storedLatestMovers(trackerId),
    targetOf(trackerId),
    runKeysOf(trackerId),
  ]);
  const packed = record && currentPair(record, target, new Set(runKeys.map((k) => k[2])));
  if (!packed) return undefined;
  return { runs: packed.map(unpackRun), older: runKeys.length - packed.length };
}

/** Writes the latest movers record of a tracker whose runs were read whole, when it differs. */
export async function keepLatestMovers(
  trackerId: string,
  runs: readonly TrackerRun[],
): Promise<void> {
  const target = await targetOf(trackerId);
  if (target === undefined) return;
  const record = latestMoversOf(runs, target);
  if (!record || sameLatestMovers(record, await storedLatestMovers(trackerId))) return;
  await writer.put([moversEntry(trackerId, record)]);
}

export const saveAlerts = (alerts: readonly TrackerAlert[]) =>
  setMany(
    alerts.map((a) => [['alert', a.trackerId, a.id], { ...a, seen: false } satisfies StoredAlert]),
    store(),
  );

/** Every alert, newest first. */
export async function loadAlerts(): Promise<StoredAlert[]> {
  const alertKeys = (await allKeys()).filter((k) => k[0] === 'alert');
  // Alerts carry no stamp: read through the schema, whose code loads only when there is one.
  const alerts = await readStamped<StoredAlert>(
    await getMany<unknown>(alertKeys, store()),
    null,
    (s) => s.storedAlertSchema,
  );
  return alerts.filter((a): a is StoredAlert => a !== undefined).sort((a, b) => b.at - a.at);
}

export const markAlertsSeen = (alerts: readonly StoredAlert[]) =>
  setMany(
    alerts.map((a) => [['alert', a.trackerId, a.id], { ...a, seen: true }]),
    store(),
  );
