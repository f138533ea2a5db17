import { get, promisifyRequest } from 'idb-keyval';
import { databaseStore } from '../../session/browser-databases.ts';
import type { SnapshotFile } from '../snapshots/snapshot-file.ts';
import type { DemoScript, DemoStep } from './demo-file.ts';

/**
 * A step's answers kept apart from its script (issue #36, point 6; decision 102). A script read
 * from a file is written by the Worker that read it (demo-file.worker.ts) as an outline (its
 * steps' titles, captions, views and requests, the answers' payloads left out) and, beside it
 * in the same database, one record per step holding what was left out. The page takes in the
 * outline only: a 120 MB script handed over whole cost its thread 0.3–0.8 s per step, and
 * reading it back with the list of scripts as much again. A step's answers are read when it
 * is played, checked or downloaded (`withAnswers`). Clear key empties the database, these
 * records with it (session/browser-databases.ts).
 */

/** What the outline leaves out of a snapshot: the payload, the rest stays (request, status). */
type Payload = Pick<SnapshotFile['response'], 'body' | 'html' | 'base64'>;

/** The record of a step's answers: its own answer's payload and its other answers'. */
export interface StepAnswers {
  snapshot?: Payload;
  also?: Payload[];
}

/**
 * Where a step's answers are kept: the script's id and the step's, so the records of a script
 * whose reading was cancelled are found by the id alone (`forgetStoredScript`). IndexedDB puts
 * arrays after every string: the list of scripts (string keys) is read without them.
 */
export const answersKey = (key: string): IDBValidKey => ['answers', key];
const scriptAnswers = (scriptId: string) =>
  IDBKeyRange.bound(answersKey(`${scriptId}/`), answersKey(`${scriptId}/\uffff`));
/** Every script record and nothing else (the answers' array keys sort after any string). */
export const SCRIPTS_ONLY = (): IDBKeyRange => IDBKeyRange.upperBound([], true);

const payloadOf = ({ body, html, base64 }: SnapshotFile['response']): Payload => ({
  ...(body !== undefined && { body }),
  ...(html !== undefined && { html }),
  ...(base64 !== undefined && { base64 }),
});

function withoutPayload(snapshot: SnapshotFile): SnapshotFile {
  const { body: _body, html: _html, base64: _base64, ...response } = snapshot.response;
  return { ...snapshot, response };
}

function withPayload(snapshot: SnapshotFile, payload: Payload | undefined): SnapshotFile {
  return payload ? { ...snapshot, response: { ...snapshot.response, ...payload } } : snapshot;
}

/** A script's outline and its steps' answers, each under its key (`answers` on the step). */
export function splitAnswers(script: DemoScript): {
  outline: DemoScript;
  records: [IDBValidKey, StepAnswers][];
} {
  const records: [IDBValidKey, StepAnswers][] = [];
  const steps = script.steps.map((step): DemoStep => {
    if (!step.snapshot && !step.also) return step;
    const key = `${script.id}/${step.id}`;
    records.push([
      answersKey(key),
      {
        ...(step.snapshot && { snapshot: payloadOf(step.snapshot.response) }),
        ...(step.also && { also: step.also.map((s) => payloadOf(s.response)) }),
      },
    ]);
    const also = step.also && { also: step.also.map(withoutPayload) };
    return step.snapshot
      ? { ...step, ...also, answers: key, snapshot: withoutPayload(step.snapshot) }
      : { ...step, ...also, answers: key, batch: step.batch };
  });
  return { outline: { ...script, steps }, records };
}

/**
 * Writes a script as its outline and its steps' answers, in one transaction: a reading
 * cancelled before it commits leaves nothing, and the list never holds an outline whose
 * answers are not there. Resolves with the outline, or null when the browser refused it.
 * `outline: false` writes the answers alone: the page keeps the outline itself (the tour, under
 * its own id in place of its earlier copy), after this has committed.
 */
export async function storeSplit(
  script: DemoScript,
  { outline: withOutline = true }: { outline?: boolean } = {},
): Promise<DemoScript | null> {
  const { outline, records } = splitAnswers(script);
  try {
    await databaseStore('demos')('readwrite', (store) => {
      for (const [key, value] of records) store.put(value, key);
      if (withOutline) store.put(outline, outline.id);
      return promisifyRequest(store.transaction);
    });
    return outline;
  } catch {
    return null;
  }
}

/** The step with its answers, read from the database if the outline left them out. */
export async function withAnswers(step: DemoStep): Promise<DemoStep> {
  if (!step.answers) return step;
  const stored = await get<StepAnswers>(answersKey(step.answers), databaseStore('demos'));
  if (!stored) throw new Error('its answer is no longer in this browser’s storage');
  const { answers: _answers, ...rest } = step;
  const also = rest.also && {
    also: rest.also.map((s, i) => withPayload(s, stored.also?.[i])),
  };
  return rest.snapshot
    ? { ...rest, ...also, snapshot: withPayload(rest.snapshot, stored.snapshot) }
    : { ...rest, ...also, batch: rest.batch };
}

/** Deletes the answers under these keys (a step or a script that is gone). */
export async function forgetAnswers(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await databaseStore('demos')('readwrite', (store) => {
    for (const key of keys) store.delete(answersKey(key));
    return promisifyRequest(store.transaction);
  });
}

/**
 * Deletes whatever a reading of script `id` may have written (its reading was cancelled, or a
 * key cleared meanwhile): the outline and every step's answers. A write still under way
 * commits or aborts before this runs (IndexedDB orders transactions over one store).
 */
export async function forgetStoredScript(id: string): Promise<void> {
  await databaseStore('demos')('readwrite', (store) => {
    store.delete(id);
    store.delete(scriptAnswers(id));
    return promisifyRequest(store.transaction);
  });
}
