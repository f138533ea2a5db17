import { createStore, delMany, getMany, keys, setMany, type UseStore } from 'idb-keyval';
import { existingResultsTabId, resultsTabId } from '../../session/results-tab-id.ts';
import type { CellRun, CellRuns } from './lib/cells.ts';
import type { BatchDefinition } from './lib/definition.ts';

/**
 * A batch as stored: what it asks for. Its cells' states are records of their own, written the
 * moment each changes; the answers themselves are the workspace's stored results (the query
 * cache's persister, app/result-persistence.ts), kept once, never a second copy here.
 */
export interface StoredBatch {
  id: string;
  createdAt: number;
  /** Last write: batches of closed tabs go when their answers do (after a day). */
  savedAt: number;
  definition: BatchDefinition;
}

/** As long as the stored results live (result-persistence.ts): a batch without its answers is of no use. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Batches kept per tab; the oldest go first. */
const KEEP_PER_TAB = 10;

/** `[tab, batch, '']` holds the batch; `[tab, batch, cellId]` one cell's state. */
type Key = [tab: string, batch: string, cell: string];

let db: UseStore | null = null;
const store = () => (db ??= createStore('web-data-dashboard-batches', 'batches'));

const isKey = (key: IDBValidKey): key is Key =>
  Array.isArray(key) && key.length === 3 && key.every((k) => typeof k === 'string');

/**
 * Cell states waiting to be written: a burst of changes (a run starting, answers arriving
 * together) goes in one transaction, in the next task.
 */
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
  timer ??= setTimeout(() => void write(), 0);
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
 * Saves one cell's state. `waiting` is not stored: after a reload a cell that waited was never
 * sent, which is what no record says too.
 */
export function saveCell(batchId: string, cellId: string, run: CellRun): void {
  if (run.state === 'waiting') return;
  put([resultsTabId(), batchId, cellId], run);
}

export interface LoadedBatch {
  batch: StoredBatch;
  runs: CellRuns;
}

/**
 * This tab's batch `id` (its newest without one) with its cells' states as stored, or null.
 * Deletes what is too old to be of use on the way (other tabs' batches after a day, this tab's
 * beyond the newest few).
 */
export async function loadBatch(id?: string): Promise<LoadedBatch | null> {
  const tab = existingResultsTabId();
  try {
    await flushBatchStorage();
    const all = (await keys(store())).filter(isKey);
    const metaKeys = all.filter(([, , cell]) => cell === '');
    const metas = (await getMany<StoredBatch | undefined>(metaKeys, store())).flatMap((m, i) =>
      m ? [{ key: metaKeys[i]!, meta: m }] : [],
    );
    const now = Date.now();
    const ours = metas
      .filter(({ key }) => key[0] === tab)
      .sort((a, b) => b.meta.createdAt - a.meta.createdAt);
    const stale = new Set(
      [
        ...metas.filter(({ key, meta }) => key[0] !== tab && !(now - meta.savedAt < MAX_AGE_MS)),
        ...ours.slice(KEEP_PER_TAB),
      ].map(({ key }) => `${key[0]}\n${key[1]}`),
    );
    if (stale.size > 0)
      await delMany(
        all.filter(([t, b]) => stale.has(`${t}\n${b}`)),
        store(),
      );
    const found = ours.find(({ meta }) => (id === undefined ? true : meta.id === id));
    if (!found || stale.has(`${tab}\n${found.meta.id}`)) return null;
    const cellKeys = all.filter(([t, b, c]) => t === tab && b === found.meta.id && c !== '');
    const runs = await getMany<CellRun | undefined>(cellKeys, store());
    return {
      batch: found.meta,
      runs: Object.fromEntries(cellKeys.flatMap((k, i) => (runs[i] ? [[k[2], runs[i]]] : []))),
    };
  } catch {
    return null;
  }
}
