import { delMany, getMany, keys } from 'idb-keyval';
import { bodyText, type KeptBody, type ResponseMeta } from '../../api/client.ts';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { jsonResult, type JsonResult } from '../../api/requests.ts';
import { createWriter, databaseStore, TAB_NOTE_PREFIX } from '../../session/browser-databases.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { existingResultsTabId, resultsTabId } from '../../session/results-tab-id.ts';
import { readRecord } from '../../lib/file-envelope.ts';
import type { CellRun, CellRuns } from './lib/cells.ts';
import type { BatchDefinition } from './lib/definition.ts';
import type { BatchCell } from './lib/matrix.ts';

/**
 * A batch as stored: what it asks for. Its cells' states are records of their own, written the
 * moment each changes, and so is each answer, once (decision 043).
 */
export interface StoredBatch {
  id: string;
  createdAt: number;
  /** Last write: batches of closed tabs go when the tab's stored results do (after a day). */
  savedAt: number;
  definition: BatchDefinition;
}

/**
 * An answer as stored: its body as it arrived (its text, a large one a Blob: IndexedDB copies
 * either at once, where the parsed objects would be cloned one by one on the main thread), as
 * the workspace's stored results keep theirs (app/result-persistence.ts). Read back through the
 * endpoint's schema.
 */
interface StoredAnswer {
  body: KeptBody;
  meta: ResponseMeta;
  /** When it arrived: one from before a key was cleared in any tab is never read again (042). */
  at: number;
}

/** As long as the workspace's stored results live: a day. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Batches kept per tab; the oldest go first. */
const KEEP_PER_TAB = 5;

/**
 * `[tab, batch, '']` holds a batch, `[tab, batch, cellId]` one cell's state and
 * `[tab, '', cellId]` the answer of that request, whichever batch of the tab paid for it (a
 * cell's id is its request: the same in every batch).
 */
type Key = [tab: string, batch: string, cell: string];

const store = () => databaseStore('batches');
const writer = createWriter<Key>('batches');

const isKey = (key: IDBValidKey): key is Key =>
  Array.isArray(key) && key.length === 3 && key.every((k) => typeof k === 'string');

/**
 * Whether a batch may still be written: not when a key was cleared (in any tab) after it began.
 * Clear key forgets it; a page still running it stops (batch-session.ts) and stores nothing
 * more of it (decision 060).
 */
const mayStore = (batch: { createdAt: number }) => batch.createdAt > resultsClearedAt.get();

/** Writes what is pending now (the page is being hidden, a test). */
export const flushBatchStorage = (): Promise<void> => writer.flush();

/**
 * Saves the batch itself (at its start, and when its pivot settings change); resolves once it is
 * stored, so the first request leaves only after the batch it belongs to can be found again.
 */
export function saveBatch(batch: Omit<StoredBatch, 'savedAt'>): Promise<void> {
  if (!mayStore(batch)) return Promise.resolve();
  return writer.put([[[resultsTabId(), batch.id, ''], { ...batch, savedAt: Date.now() }]]);
}

/** The batch a cell belongs to, as the store names it. */
export interface BatchRef {
  id: string;
  createdAt: number;
}

/**
 * Saves one cell's state, and the answer it was paid for with it, in the transaction of this
 * task; resolves once they are stored. `waiting` is not stored: after a reload a cell that waited
 * was never sent, which is what no record says too. A `running` cell is the write-ahead record:
 * the engine sends its request only once this resolves.
 */
export function saveCell(
  batch: BatchRef,
  cellId: string,
  run: CellRun,
  answer?: { data: JsonResult<unknown>; at: number },
): Promise<void> {
  if (run.state === 'waiting' || !mayStore(batch)) return Promise.resolve();
  const tab = resultsTabId();
  const entries: [Key, unknown][] = [[[tab, batch.id, cellId], run]];
  if (answer) {
    const { data, at } = answer;
    entries.push([
      [tab, '', cellId],
      { body: data.body ?? JSON.stringify(data.raw), meta: data.meta, at } satisfies StoredAnswer,
    ]);
  }
  return writer.put(entries);
}

/**
 * Takes back the write-ahead record of a cell recorded before its turn and then not sent (the run
 * paused first): the cell's record is again what it was before the run (`before`), or none
 * (never sent). Resolves once stored.
 */
export function unrecordCell(
  batch: BatchRef,
  cellId: string,
  before: CellRun | undefined,
): Promise<void> {
  if (!mayStore(batch)) return Promise.resolve();
  const kept = before && before.state !== 'waiting' && before.state !== 'running' ? before : undefined;
  return writer.put([[[resultsTabId(), batch.id, cellId], kept]]);
}

const neverSentKey = (batchId: string) => `${TAB_NOTE_PREFIX}batch-never-sent:${batchId}`;

/**
 * Notes, as the page goes away, the cells recorded ahead of their turn that never left (decision
 * 062). It is written at once (sessionStorage), where IndexedDB could not commit a transaction
 * begun while the page unloads; the tab's next page reads it back with the batch.
 */
export function noteNeverSent(batchId: string, cellIds: readonly string[]): void {
  if (cellIds.length === 0) return;
  try {
    sessionStorage.setItem(neverSentKey(batchId), JSON.stringify(cellIds));
  } catch {
    // Not noted: those cells read as interrupted (maybe charged), which is never wrong.
  }
}

/** The cells `noteNeverSent` noted for a batch, once (the note is removed). */
function takeNeverSent(batchId: string): Set<string> {
  try {
    const noted: unknown = JSON.parse(sessionStorage.getItem(neverSentKey(batchId)) ?? '[]');
    sessionStorage.removeItem(neverSentKey(batchId));
    return new Set(Array.isArray(noted) ? noted.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The stored states, a cell recorded ahead that never left read as never sent (no record). */
function withoutNeverSent(batchId: string, runs: CellRuns): CellRuns {
  const neverSent = takeNeverSent(batchId);
  if (neverSent.size === 0) return runs;
  return Object.fromEntries(
    Object.entries(runs).filter(([id, run]) => !(neverSent.has(id) && run.state === 'running')),
  );
}

export interface LoadedBatch {
  batch: StoredBatch;
  runs: CellRuns;
  /** The cells whose answer is stored, to read back with `readAnswer`. */
  stored: ReadonlySet<string>;
}

/**
 * This tab's batch `id` (its newest without one) with its cells' states as stored, or null.
 * Deletes what is too old to be of use on the way (closed tabs' batches and answers after a
 * day, this tab's batches beyond the newest few, and anything from before a key was cleared:
 * a tab that did not hear of it, 042).
 */
export async function loadBatch(id?: string): Promise<LoadedBatch | null> {
  const tab = existingResultsTabId();
  try {
    await flushBatchStorage();
    const all = (await keys(store())).filter(isKey);
    const metaKeys = all.filter(([, batch, cell]) => batch !== '' && cell === '');
    // Read through the batch file's schemas (decision 066): a record that does not read is left.
    const { cellRunSchema, storedBatchSchema } = await import('./lib/batch-schemas.ts');
    const metas = (await getMany<unknown>(metaKeys, store())).flatMap((m, i) => {
      const meta = readRecord(storedBatchSchema, m);
      return meta ? [{ key: metaKeys[i]!, meta }] : [];
    });
    const now = Date.now();
    const cleared = resultsClearedAt.get();
    const fresh = new Set(
      metas.filter(({ meta }) => now - meta.savedAt < MAX_AGE_MS).map(({ key }) => key[0]),
    );
    const ours = metas
      .filter(({ key }) => key[0] === tab)
      .sort((a, b) => b.meta.createdAt - a.meta.createdAt);
    const dropped = new Set([
      ...ours.slice(KEEP_PER_TAB).map(({ meta }) => meta.id),
      ...metas.filter(({ meta }) => meta.createdAt <= cleared).map(({ meta }) => meta.id),
    ]);
    const answerKeys = all.filter(([, b]) => b === '');
    const answers = cleared > 0 ? await getMany<StoredAnswer | undefined>(answerKeys, store()) : [];
    const before = new Set(
      answers.flatMap((a, i) => (a && a.at > cleared ? [] : [JSON.stringify(answerKeys[i])])),
    );
    const stale = all.filter(
      (key) =>
        (key[0] !== tab && !fresh.has(key[0])) ||
        dropped.has(key[1]) ||
        before.has(JSON.stringify(key)),
    );
    if (stale.length > 0) await delMany(stale, store());
    const found = ours.find(({ meta }) => id === undefined || meta.id === id);
    if (!found || dropped.has(found.meta.id)) return null;
    const cellKeys = all.filter(([t, b, c]) => t === tab && b === found.meta.id && c !== '');
    const runs = (await getMany<unknown>(cellKeys, store())).map((r) =>
      readRecord(cellRunSchema, r),
    );
    const gone = new Set(stale.map((k) => JSON.stringify(k)));
    const stored = new Set(
      answerKeys.flatMap((k) => (k[0] === tab && !gone.has(JSON.stringify(k)) ? [k[2]] : [])),
    );
    return {
      batch: found.meta,
      runs: withoutNeverSent(
        found.meta.id,
        Object.fromEntries(cellKeys.flatMap((k, i) => (runs[i] ? [[k[2], runs[i]]] : []))),
      ),
      stored,
    };
  } catch {
    return null;
  }
}

/** A stored answer as the query cache holds it, or null (gone, or no longer read by its schema). */
export async function readAnswer(cell: BatchCell): Promise<JsonResult<unknown> | null> {
  const tab = existingResultsTabId();
  if (tab === null) return null;
  try {
    const [stored] = await getMany<StoredAnswer | undefined>([[tab, '', cell.id]], store());
    if (!stored || !(stored.at > resultsClearedAt.get())) return null;
    const raw: unknown = JSON.parse(await bodyText(stored.body));
    return await jsonResult(ENDPOINTS[cell.endpoint], raw, stored.meta, undefined, stored.body);
  } catch {
    return null;
  }
}
