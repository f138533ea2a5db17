import type { TrackerAlert } from '../workspace/trackers/lib/alerts.ts';
import { runForMovers } from '../workspace/trackers/lib/latest-movers.ts';
import type { RunCell, TrackerRun } from '../workspace/trackers/lib/run.ts';
import { storedTrackerSchema } from '../workspace/trackers/lib/tracker-schemas.ts';
import type { Tracker } from '../workspace/trackers/lib/tracker.ts';
import type { Db, Sql } from './db.ts';

/** Where a tracker's alerts go besides the run log (decision 075). */
export type Channel =
  | { kind: 'webhook'; url: string; secret: string }
  | { kind: 'ntfy'; url: string }
  | { kind: 'email'; smtp: string; from: string; to: string };

/** What the runner keeps for a tracker besides the model's own fields. */
export interface RunnerSettings {
  /** A cron expression (croner's syntax), or null: the tracker's own cadence decides. */
  cron: string | null;
  timeZone: string;
  /** After a stretch the runner was down, run the newest missed slot once. */
  catchUp: boolean;
  /** A run that would leave fewer credits than this is not started. */
  reserveFloor: number | null;
  channels: Channel[];
}

/** A tracker the runner was given no settings for: its own cadence, no channels, no floor. */
export const DEFAULT_SETTINGS: RunnerSettings = {
  cron: null,
  timeZone: 'UTC',
  catchUp: false,
  reserveFloor: null,
  channels: [],
};

export interface StoredTracker {
  tracker: Tracker;
  settings: RunnerSettings;
  nextDue: number | null;
}

interface TrackerRow {
  tracker: unknown;
  cron: string | null;
  time_zone: string;
  catch_up: boolean;
  next_due: number | null;
  channels: Channel[];
  reserve_floor: number | null;
}

const json = (value: unknown) => JSON.stringify(value);

function fromRow(row: TrackerRow): StoredTracker {
  // Read back as the dashboard reads a stored tracker: one schema for every copy of the shape.
  const tracker = storedTrackerSchema.parse(
    typeof row.tracker === 'string' ? JSON.parse(row.tracker) : row.tracker,
  );
  return {
    tracker,
    settings: {
      cron: row.cron,
      timeZone: row.time_zone,
      catchUp: row.catch_up,
      reserveFloor: row.reserve_floor,
      channels: row.channels,
    },
    nextDue: row.next_due,
  };
}

const TRACKER_COLUMNS = 'tracker, cron, time_zone, catch_up, next_due, channels, reserve_floor';

export async function listTrackers(db: Sql): Promise<StoredTracker[]> {
  const rows = await db.query<TrackerRow>(`select ${TRACKER_COLUMNS} from trackers order by name`);
  return rows.map(fromRow);
}

/** A tracker by its name or id. */
export async function findTracker(db: Sql, name: string): Promise<StoredTracker | null> {
  const [row] = await db.query<TrackerRow>(
    `select ${TRACKER_COLUMNS} from trackers where name = $1 or id = $1 limit 1`,
    [name],
  );
  return row ? fromRow(row) : null;
}

export async function saveTracker(db: Sql, t: StoredTracker): Promise<void> {
  const s = t.settings;
  await db.query(
    `insert into trackers (id, name, tracker, cron, time_zone, catch_up, next_due, channels, reserve_floor, added_at)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb, $9, $10)
     on conflict (id) do update set name = $2, tracker = $3::jsonb, cron = $4, time_zone = $5,
       catch_up = $6, next_due = $7, channels = $8::jsonb, reserve_floor = $9`,
    [
      t.tracker.id,
      t.tracker.name,
      json(t.tracker),
      s.cron,
      s.timeZone,
      s.catchUp,
      t.nextDue,
      json(s.channels),
      s.reserveFloor,
      Date.now(),
    ],
  );
}

export async function removeTracker(db: Sql, id: string): Promise<void> {
  await db.query('delete from trackers where id = $1', [id]);
}

interface RunRow {
  tracker_id: string;
  id: string;
  slot: number | null;
  started_at: number;
  finished_at: number | null;
  status: TrackerRun['status'];
  missed_reason: TrackerRun['missedReason'] | null;
  credits: number;
  suspect: string | null;
}

/** A run's row (its cells apart): inserted, or updated as it goes on and ends. */
export async function saveRunRow(
  db: Sql,
  run: TrackerRun,
  extra: {
    owner?: string | null;
    leaseUntil?: number | null;
    catchUp?: boolean;
    plan?: unknown;
  } = {},
): Promise<void> {
  await db.query(
    `insert into runs (tracker_id, id, slot, started_at, finished_at, status, missed_reason, credits, suspect, catch_up, plan, owner, lease_until)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
     on conflict (tracker_id, id) do update set finished_at = $5, status = $6, missed_reason = $7,
       credits = $8, suspect = $9, owner = coalesce($12, runs.owner), lease_until = $13`,
    [
      run.trackerId,
      run.id,
      run.slot,
      run.startedAt,
      run.finishedAt,
      run.status,
      run.missedReason ?? null,
      run.credits,
      run.suspect ?? null,
      extra.catchUp ?? false,
      json(extra.plan ?? null),
      extra.owner ?? null,
      extra.leaseUntil ?? null,
    ],
  );
}

/** The write-ahead: this cell's request is leaving. Committed before it leaves. */
export async function markSent(db: Sql, run: TrackerRun, cellId: string): Promise<void> {
  await db.query(
    `insert into run_cells (tracker_id, run_id, cell_id, state) values ($1, $2, $3, 'sent')`,
    [run.trackerId, run.id, cellId],
  );
}

/**
 * A settled cell. `interrupted`: in flight when its runner died (kept as the model's failed,
 * maybe charged; the row says why, for the run log).
 */
export async function saveCell(
  db: Sql,
  run: TrackerRun,
  cellId: string,
  cell: RunCell,
  interrupted = false,
): Promise<void> {
  await db.query(
    `insert into run_cells (tracker_id, run_id, cell_id, state, cell) values ($1, $2, $3, $4, $5::jsonb)
     on conflict (tracker_id, run_id, cell_id) do update set state = $4, cell = $5::jsonb`,
    [run.trackerId, run.id, cellId, interrupted ? 'interrupted' : cell.state, json(cell)],
  );
}

/** How many cells of each run of a tracker were interrupted (their runner died mid-request). */
export async function interruptedCounts(db: Sql, trackerId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ run_id: string; n: number }>(
    "select run_id, count(*)::int as n from run_cells where tracker_id = $1 and state = 'interrupted' group by run_id",
    [trackerId],
  );
  return new Map(rows.map((r) => [r.run_id, r.n]));
}

/**
 * Runs of a tracker (oldest first), with their cells: all of them, or those `where` picks (an
 * SQL condition on `runs`, parameters from $2). A run still marked running carries the cells it
 * had sent without an answer (`sent`), as the dashboard's stored runs do.
 */
export async function loadRuns(
  db: Sql,
  trackerId: string,
  where = 'true',
  params: readonly unknown[] = [],
  /** Only this cell of each run (a keyword's chart), read through the cells' primary key. */
  cellId: string | null = null,
): Promise<TrackerRun[]> {
  const rows = await db.query<RunRow>(
    `select * from runs where tracker_id = $1 and (${where}) order by started_at, id`,
    [trackerId, ...params],
  );
  if (rows.length === 0) return [];
  const cells = await db.query<{
    run_id: string;
    cell_id: string;
    state: string;
    cell: RunCell | string | null;
  }>(
    `select run_id, cell_id, state, cell from run_cells where tracker_id = $1 and run_id = any($2::text[])
       ${cellId === null ? '' : 'and cell_id = $3'}`,
    cellId === null
      ? [trackerId, rows.map((r) => r.id)]
      : [trackerId, rows.map((r) => r.id), cellId],
  );
  const byRun = new Map<string, { cells: Record<string, RunCell>; sent: string[] }>();
  for (const c of cells) {
    const entry = byRun.get(c.run_id) ?? { cells: {}, sent: [] };
    byRun.set(c.run_id, entry);
    if (c.state === 'sent' || c.cell === null) entry.sent.push(c.cell_id);
    else
      entry.cells[c.cell_id] = (
        typeof c.cell === 'string' ? JSON.parse(c.cell) : c.cell
      ) as RunCell;
  }
  return rows.map((r) => {
    const entry = byRun.get(r.id) ?? { cells: {}, sent: [] };
    return {
      id: r.id,
      trackerId: r.tracker_id,
      slot: r.slot,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      status: r.status,
      ...(r.missed_reason ? { missedReason: r.missed_reason } : {}),
      credits: r.credits,
      cells: entry.cells,
      ...(r.suspect === null ? {} : { suspect: r.suspect }),
      ...(r.status === 'running' ? { sent: entry.sent } : {}),
    };
  });
}

/**
 * The id of the baseline of a run started at `before`: the model's `isBaseline` (ended, not
 * suspect, some cell answered) asked of the database, so no run's cells are read to find it.
 */
async function baselineId(db: Sql, trackerId: string, before: number): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select id from runs where tracker_id = $1 and status in ('done', 'stopped') and suspect is null
       and started_at < $2 and exists (select 1 from run_cells c where c.tracker_id = runs.tracker_id
         and c.run_id = runs.id and c.state = 'answered')
     order by started_at desc, id desc limit 1`,
    [trackerId, before],
  );
  return row?.id ?? null;
}

/** The baseline of a run started at `before` (the model's `isBaseline`), with its cells. */
export async function loadBaseline(
  db: Sql,
  trackerId: string,
  before: number,
): Promise<TrackerRun | undefined> {
  const id = await baselineId(db, trackerId, before);
  if (id === null) return undefined;
  const [run] = await loadRuns(db, trackerId, 'id = $2', [id]);
  return run;
}

/** What the runs of a tracker since `from` spent: for the monthly cap. */
export async function spendSince(
  db: Sql,
  trackerId: string,
  from: number,
): Promise<{ startedAt: number; credits: number }[]> {
  return db.query<{ startedAt: number; credits: number }>(
    'select started_at as "startedAt", credits from runs where tracker_id = $1 and started_at >= $2',
    [trackerId, from],
  );
}

/** Stores the alerts; returns the ids that were new (an alert stored before is not news again). */
export async function saveAlerts(db: Db, alerts: readonly TrackerAlert[]): Promise<Set<string>> {
  const added = new Set<string>();
  for (const a of alerts) {
    const rows = await db.query<{ id: string }>(
      `insert into alerts (id, tracker_id, run_id, at, kind, text) values ($1, $2, $3, $4, $5, $6)
       on conflict (id) do nothing returning id`,
      [a.id, a.trackerId, a.runId, a.at, a.kind, a.text],
    );
    for (const row of rows) added.add(row.id);
  }
  return added;
}

/** Every tracker's alerts, newest first (the dashboard's Alerts list), with each channel's outcome. */
export async function loadAlerts(
  db: Sql,
  limit = 500,
): Promise<(Omit<TrackerAlert, 'cellId'> & { delivered: Record<string, string> })[]> {
  return db.query(
    `select id, tracker_id as "trackerId", run_id as "runId", at, kind, text, delivered
     from alerts order by at desc, id limit $1`,
    [limit],
  );
}

export async function markDelivered(
  db: Sql,
  alertIds: readonly string[],
  channel: string,
  outcome: string,
): Promise<void> {
  for (const id of alertIds)
    await db.query(
      `update alerts set delivered = delivered || jsonb_build_object($2::text, $3::text) where id = $1`,
      [id, channel, outcome],
    );
}

/** A page of a tracker's runs for the dashboard: newest first in the store, oldest first here. */
export interface RunPage {
  /** The page's runs, oldest first (the order the Trackers view keeps). */
  runs: TrackerRun[];
  /** How many runs are older than this page. */
  older: number;
  /** Where the next (older) page starts, or null when this page reaches the first run. */
  cursor: string | null;
}

interface RunKey {
  id: string;
  started_at: number;
}

/** A cursor names the oldest run a page holds: the next page starts just before it. */
const cursorOf = (run: RunKey) => `${run.started_at}.${run.id}`;

function readCursor(cursor: string): RunKey | null {
  const dot = cursor.indexOf('.');
  const startedAt = Number(cursor.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(startedAt)) return null;
  return { started_at: startedAt, id: cursor.slice(dot + 1) };
}

/**
 * A page of a tracker's ended runs (a running one is not shown until it ends), newest first:
 * `limit` runs older than `cursor`, or the newest ones. The first page (no cursor) reaches back
 * to the baseline of its newest run that ran (`loadBaseline`: never a suspect or failed run), so
 * the Trackers view shows its movers from this one answer, not from the whole history.
 * Null for a cursor that does not read.
 */
export async function loadRunPage(
  db: Sql,
  trackerId: string,
  limit: number,
  cursor: string | null = null,
  /** One keyword × locale's history (its chart): each run carries that cell only, no baseline. */
  cellId: string | null = null,
): Promise<RunPage | null> {
  const after = cursor === null ? null : readCursor(cursor);
  if (cursor !== null && after === null) return null;
  return runsOfPage(db, trackerId, await pageKeys(db, trackerId, limit, after, cellId), cellId);
}

/** A run's key, with what a stored first page depends on (`firstPageStamp`). */
interface PageKey extends RunKey {
  status: TrackerRun['status'];
  finished_at: number | null;
  credits: number;
  suspect: string | null;
}

/** Which runs a page holds: the first `size` of `keys` (every ended run in its range, newest first). */
interface PageKeys {
  keys: PageKey[];
  size: number;
}

async function pageKeys(
  db: Sql,
  trackerId: string,
  limit: number,
  after: RunKey | null,
  cellId: string | null,
): Promise<PageKeys> {
  // Only the keys of every run (a few bytes each): the cells of the page alone are read.
  const keys = await db.query<PageKey>(
    `select id, started_at, status, finished_at, credits, suspect from runs
       where tracker_id = $1 and status <> 'running'
       ${after ? 'and (started_at, id) < ($2, $3)' : ''} order by started_at desc, id desc`,
    after ? [trackerId, after.started_at, after.id] : [trackerId],
  );
  let size = Math.min(limit, keys.length);
  const newestRan = keys.slice(0, size).find((k) => k.status !== 'missed');
  if (after === null && newestRan && cellId === null) {
    // Its id only: the page's cells are read once, below.
    const baseline = await baselineId(db, trackerId, newestRan.started_at);
    const at = baseline === null ? -1 : keys.findIndex((k) => k.id === baseline);
    size = Math.max(size, at + 1);
  }
  return { keys, size };
}

async function runsOfPage(
  db: Sql,
  trackerId: string,
  { keys, size }: PageKeys,
  cellId: string | null,
): Promise<RunPage> {
  const page = keys.slice(0, size);
  const oldest = page.at(-1);
  const runs = page.length
    ? await loadRuns(db, trackerId, 'id = any($2::text[])', [page.map((k) => k.id)], cellId)
    : [];
  return {
    runs,
    older: keys.length - size,
    cursor: oldest && keys.length > size ? cursorOf(oldest) : null,
  };
}

/**
 * What a first page is cut from: its size, the tracker's target (the cut keeps its ranks), how
 * many runs there are and the page's runs as their rows are (a run that ends, is resumed or
 * marked suspect changes its row). A run's cells do not change once it has ended.
 */
function firstPageStamp(tracker: Tracker, limit: number, { keys, size }: PageKeys): string {
  const page = keys
    .slice(0, size)
    .map((k) => [k.id, k.started_at, k.status, k.finished_at, k.credits, k.suspect]);
  return JSON.stringify([limit, tracker.target, keys.length, page]);
}

/**
 * A tracker's first page of runs (no cursor, no cell) with each run cut to the movers
 * (`runForMovers`, decision 107), as the JSON the dashboard is sent. Stored in `first_pages` when cut
 * (decision 122): the runner cuts it when a run ends (`finishRun`), so the dashboard's first
 * screen is answered from one row instead of reading and cutting every cell of two runs; a
 * page whose runs changed since (its stamp) is cut again and stored in its place.
 */
export async function loadCutFirstPage(db: Sql, tracker: Tracker, limit: number): Promise<string> {
  const keys = await pageKeys(db, tracker.id, limit, null, null);
  const stamp = firstPageStamp(tracker, limit, keys);
  const [stored] = await db.query<{ page: string }>(
    'select page from first_pages where tracker_id = $1 and stamp = $2',
    [tracker.id, stamp],
  );
  if (stored) return stored.page;
  const page = await runsOfPage(db, tracker.id, keys, null);
  const runs = page.runs.map((run) => runForMovers(run, tracker.target));
  const text = JSON.stringify({ ...page, runs });
  await db.query(
    `insert into first_pages (tracker_id, stamp, page) values ($1, $2, $3)
       on conflict (tracker_id) do update set stamp = $2, page = $3`,
    [tracker.id, stamp, text],
  );
  return text;
}

/** Each tracker's newest run that was not missed (the list's "last run"), by tracker id. */
export async function lastRunSummaries(
  db: Sql,
): Promise<Record<string, Pick<TrackerRun, 'startedAt' | 'status' | 'credits'>>> {
  const rows = await db.query<{
    tracker_id: string;
    startedAt: number;
    status: TrackerRun['status'];
    credits: number;
  }>(
    `select distinct on (tracker_id) tracker_id, started_at as "startedAt", status, credits
       from runs where status not in ('missed', 'running') order by tracker_id, started_at desc, id desc`,
  );
  return Object.fromEntries(rows.map(({ tracker_id, ...summary }) => [tracker_id, summary]));
}
