import { del, promisifyRequest, set } from 'idb-keyval';
import { readRecord } from '../../lib/file-envelope.ts';
import { showNotice } from '../../lib/notices.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { databaseStore } from '../../session/browser-databases.ts';
import { resultsClearedAt } from '../../session/results-cleared.ts';
import { newId, type DemoScript, type DemoStep } from './demo-file.ts';
import { forgetAnswers, SCRIPTS_ONLY } from './step-answers.ts';

/**
 * The demo scripts of this browser, kept in IndexedDB (steps hold whole answers, screenshots'
 * bytes included: more than localStorage takes), one record per script; a script read from a
 * file is its outline, its steps' answers in records of their own (step-answers.ts), read when
 * a step plays, so the list never takes in a 120 MB script. Read once, on first
 * use; every change is written at once. When storage fails (full, private mode) the scripts
 * stay in the page and a page notice (lib/notices.ts) says so: download them to keep them.
 */
const idb = () => databaseStore('demos');

/** null until read from IndexedDB. */
const scripts = createStore<DemoScript[] | null>(null);

const NOTICE_ID = 'web-data-dashboard-demos';

const newestFirst = (list: DemoScript[]) => [...list].sort((a, b) => b.updatedAt - a.updatedAt);

let loading: Promise<void> | null = null;

// Clear key deletes the stored scripts (app/forget-on-clear.ts): this page forgets them too, and
// reads the (empty) storage again when they are next asked for.
resultsClearedAt.subscribe(() => {
  loading = null;
  scripts.set(null);
});

/** The script records, without the steps' answers kept beside them (step-answers.ts). */
const storedScripts = () =>
  idb()('readonly', (store) => promisifyRequest<unknown[]>(store.getAll(SCRIPTS_ONLY())));

/** The scripts as they are now, read from IndexedDB the first time (none when storage fails). */
export async function loadDemos(): Promise<DemoScript[]> {
  // No IndexedDB at all (the build's prerender in node): no scripts, and nothing to tell.
  if (typeof indexedDB === 'undefined') loading ??= Promise.resolve().then(() => scripts.set([]));
  loading ??= Promise.all([storedScripts(), import('./demo-schemas.ts')])
    // Read as a script file's steps are (decision 066): a record that does not read is left out.
    .then(([stored, { storedScriptSchema }]) =>
      stored.flatMap((s) => readRecord(storedScriptSchema, s) ?? []),
    )
    .catch(() => {
      showNotice(NOTICE_ID, 'Demo scripts cannot be read from this browser’s storage.');
      return [];
    })
    .then((stored) => {
      // Scripts made while the read was pending are kept too.
      const made = scripts.get() ?? [];
      scripts.set(
        newestFirst([...made, ...stored.filter((s) => !made.some((m) => m.id === s.id))]),
      );
    });
  await loading;
  return scripts.get() ?? [];
}

export function useDemos(): DemoScript[] | null {
  const list = useStore(scripts);
  if (list === null) void loadDemos();
  return list;
}

function persist(script: DemoScript): void {
  set(script.id, script, idb()).catch(() =>
    showNotice(
      NOTICE_ID,
      `“${script.name}” could not be saved in this browser (its storage is full or unavailable): it is kept until this page closes. Download it to keep it.`,
    ),
  );
}

/** Replaces (or adds) a script, newest first, and writes it. */
function put(script: DemoScript): DemoScript {
  const next = { ...script, updatedAt: Date.now() };
  scripts.set(newestFirst([next, ...(scripts.get() ?? []).filter((s) => s.id !== script.id)]));
  persist(next);
  return next;
}

const find = (id: string) => (scripts.get() ?? []).find((s) => s.id === id);

/**
 * Changes a script the presenter owns. The built-in tour is read-only (`readOnly`): it is
 * replaced whole when it is taken again, never edited ("Copy to my scripts" makes one to edit).
 * The edit reads the script as it is at the moment of writing, never a copy read before an
 * await: two adds in flight each add their step (three quick adds once recorded two).
 */
function change(id: string, edit: (script: DemoScript) => DemoScript): DemoScript | null {
  const script = find(id);
  if (!script || script.readOnly) return null;
  return put(edit(script));
}

export function createDemo(name = 'Untitled demo', steps: DemoStep[] = []): DemoScript {
  return put({ id: newId(), name, updatedAt: Date.now(), steps });
}

/**
 * A script read from a file: kept as a new one (never replacing one of the same name).
 * `stored`: the Worker that read it wrote it to IndexedDB already, as an outline and its steps'
 * answers (open-demo-file.ts, decision 102); written again here, a 120 MB script held the
 * page's thread for seconds.
 */
export function importDemo(script: DemoScript, { stored = false } = {}): DemoScript {
  if (!stored) return put(script);
  scripts.set(newestFirst([script, ...(scripts.get() ?? []).filter((s) => s.id !== script.id)]));
  return script;
}

/**
 * Deletes the answers kept apart for these steps (gone from their script), unless another
 * script's step still plays them (a copy of a script shares its answers).
 */
function forgetStepAnswers(gone: readonly DemoStep[]): void {
  const kept = new Set((scripts.get() ?? []).flatMap((s) => s.steps.map((step) => step.answers)));
  const keys = gone.flatMap((step) =>
    step.answers && !kept.has(step.answers) ? [step.answers] : [],
  );
  forgetAnswers(keys).catch(() => {});
}

/**
 * The built-in tour as the sandbox serves it: kept read-only, in place of an earlier copy, whose
 * steps' answers kept apart go with it (unless a copy of the tour still plays them).
 */
export function keepTour(script: DemoScript): DemoScript {
  const earlier = find(script.id);
  const kept = put({ ...script, readOnly: true });
  if (earlier) forgetStepAnswers(earlier.steps);
  return kept;
}

/** A script of the presenter's own with the steps of `id` (the tour's), to edit. */
export function copyDemo(id: string): DemoScript | null {
  const source = find(id);
  if (!source) return null;
  const steps = source.steps.map((step) => ({ ...step, id: newId() }));
  return createDemo(`${source.name} (copy)`, steps);
}

export const renameDemo = (id: string, name: string) => change(id, (s) => ({ ...s, name }));

export function deleteDemo(id: string): void {
  const gone = find(id);
  scripts.set((scripts.get() ?? []).filter((s) => s.id !== id));
  del(id, idb()).catch(() => {});
  if (gone) forgetStepAnswers(gone.steps);
}

/** Where "Add this result" adds: a script of the presenter's, or a new one of this name. */
export type StepTarget = { scriptId: string } | { newName: string };

/**
 * Adds a step at the end of the chosen script (a new one for `newName`); returns where, or
 * null when that script is gone or read-only (nothing is added to a script not chosen).
 */
export async function addStepTo(
  target: StepTarget,
  step: DemoStep,
): Promise<{ script: DemoScript; index: number } | null> {
  await loadDemos();
  const saved =
    'newName' in target
      ? createDemo(target.newName, [step])
      : change(target.scriptId, (s) => ({ ...s, steps: [...s.steps, step] }));
  return saved && { script: saved, index: saved.steps.length - 1 };
}

export const addSteps = (id: string, steps: DemoStep[]) =>
  change(id, (s) => ({ ...s, steps: [...s.steps, ...steps] }));

export const editStep = (
  id: string,
  stepId: string,
  patch: Partial<Pick<DemoStep, 'title' | 'caption'>>,
) =>
  change(id, (s) => ({
    ...s,
    steps: s.steps.map((step) => (step.id === stepId ? { ...step, ...patch } : step)),
  }));

export function removeStep(id: string, stepId: string): void {
  const gone = find(id)?.steps.filter((step) => step.id === stepId) ?? [];
  if (change(id, (s) => ({ ...s, steps: s.steps.filter((step) => step.id !== stepId) })))
    forgetStepAnswers(gone);
}

/** Moves a step by `by` places (−1 up, +1 down), staying within the script. */
export function moveStep(id: string, stepId: string, by: number): void {
  change(id, (s) => {
    const from = s.steps.findIndex((step) => step.id === stepId);
    const to = Math.min(s.steps.length - 1, Math.max(0, from + by));
    if (from < 0 || from === to) return s;
    const steps = [...s.steps];
    const [moved] = steps.splice(from, 1);
    steps.splice(to, 0, moved!);
    return { ...s, steps };
  });
}

export const getDemo = find;
