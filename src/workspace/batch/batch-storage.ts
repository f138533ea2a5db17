import { clear, createStore, delMany, getMany, keys, setMany, type UseStore } from 'idb-keyval';
import { bodyText, type KeptBody, type ResponseMeta } from '../../api/client.ts';
import { ENDPOINTS } from '../../api/endpoints.ts';
import { jsonResult, type JsonResult } from '../../api/requests.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { existingResultsTabId, resultsTabId } from '../../session/results-tab-id.ts';
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

let db: UseStore | null = null;
const store = () => (db ??= createStore('web-data-dashboard-batches', 'batches'));

const isKey = (key: IDBValidKey): key is Key =>
  Array.isArray(key) && key.length === 3 && key.every((k) => typeof k === 'string');

/**
 * Records waiting to be written: what changed in 200 ms (a run starting, the answers arriving
 * meanwhile) goes in one transaction; a transaction per answer was a thousand of them. The
 * page being hidden writes what waits at once (batch-session.ts).
 */
const WRITE_EVERY_MS = 200;
const pending = new Map<string, [Key, unknown]>();
let timer: ReturnType<typeof setTimeout> | undefined;
let writing: Promise<void> = Promise.resolve();

function write() {
  timer = undefined;
  const batch = [...pending.values()];
  pending.clear();
  // Storage may be unavailable (private mode, quota): the batch still runs, unstored.
  writing = writing.then(() => setMany(batch, store())).catch(() => {});
  return writing;
}

function put(key: Key, value: unknown) {
  pending.set(JSON.stringify(key), [key, value]);
  timer ??= setTimeout(() => void write(), WRITE_EVERY_MS);
}

/** Writes what is pending now (the page is being hidden, a test). */
export async function flushBatchStorage(): Promise<void> {
  if (timer !== undefined) {
    clearTimeout(timer);
    await write();
  }
  await writing;
}

/** Saves the batch itself (at its start, and when its pivot settings change). */
export function saveBatch(batch: Omit<StoredBatch, 'savedAt'>): void {
  put([resultsTabId(), batch.id, ''], { ...batch, savedAt: Date.now() });
}

/**
 * Saves one cell's state, and the answer it was paid for with it. `waiting` is not stored:
 * after a reload a cell that waited was never sent, which is what no record says too.
 */
export function saveCell(
  batchId: string,
  cellId: string,
  run: CellRun,
  answer?: { data: JsonResult<unknown>; at: number },
): void {
  if (run.state === 'waiting') return;
  const tab = resultsTabId();
  put([tab, batchId, cellId], run);
  if (answer) {
    const { data, at } = answer;
    put([tab, '', cellId], {
      body: data.body ?? JSON.stringify(data.raw),
      meta: data.meta,
      at,
    } satisfies StoredAnswer);
  }
}

export interface LoadedBatch {
  batch: StoredBatch;
  runs: CellRuns;
  /** The cells whose answer is stored, to read back with `readAnswer`. */
  stored: ReadonlySet<string>;
}

/**
 * Deletes every batch and answer of every tab: a key was cleared (decision 042), in this tab or
 * another.
 */
export async function clearBatchStorage(): Promise<void> {
  pending.clear();
  clearTimeout(timer);
  timer = undefined;
  await writing;
  await clear(store()).catch(() => {});
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
    const metas = (await getMany<StoredBatch | undefined>(metaKeys, store())).flatMap((m, i) =>
      m ? [{ key: metaKeys[i]!, meta: m }] : [],
    );
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
    const runs = await getMany<CellRun | undefined>(cellKeys, store());
    const gone = new Set(stale.map((k) => JSON.stringify(k)));
    const stored = new Set(
      answerKeys.flatMap((k) => (k[0] === tab && !gone.has(JSON.stringify(k)) ? [k[2]] : [])),
    );
    return {
      batch: found.meta,
      runs: Object.fromEntries(cellKeys.flatMap((k, i) => (runs[i] ? [[k[2], runs[i]]] : []))),
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
