import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { EndpointId } from '../../api/endpoints.ts';
import type { Params } from '../../api/params.ts';
import type { ImageResult, JsonResult } from '../../api/requests.ts';
import { createStoredStore, useStore } from '../../lib/store.ts';
import type { BatchDefinition } from '../runs/lib/definition.ts';
import { MAX_NAME_LENGTH, plainText, type DemoScript, type DemoStep } from './demo-file.ts';
import { addStepTo, useDemos, type StepTarget } from './demo-store.ts';
import { stepFromBatch, stepFromResult } from './demo-steps.ts';

type What =
  | { endpoint: EndpointId; params: Params; data: unknown }
  | { batch: BatchDefinition; endpoint?: undefined };

const stepOf = (what: What, search: string, queryClient: QueryClient): Promise<DemoStep> =>
  what.endpoint === undefined
    ? stepFromBatch(what.batch, queryClient)
    : stepFromResult(
        what.endpoint,
        what.params,
        what.data as JsonResult<unknown> | ImageResult,
        search,
        queryClient,
      );

/** The script the presenter last added to, in this tab: offered first next time. */
const chosenScript = createStoredStore<string | null>({
  storage: 'session',
  key: 'web-data-dashboard.demo-target',
  parse: (text) => text,
  serialize: (id) => id,
});

const NEW = '';

/** The scripts a step may be added to: the presenter's own (the tour is read-only). */
const writable = (scripts: DemoScript[] | null) => (scripts ?? []).filter((s) => !s.readOnly);

/**
 * Which script to add to: the one chosen last if it is still there, else the newest of the
 * presenter's, else a new one. Shown, never assumed: the presenter confirms with "Add step".
 */
function ScriptChoice({
  scripts,
  onAdd,
  onCancel,
}: {
  scripts: DemoScript[];
  onAdd: (target: StepTarget) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const remembered = useStore(chosenScript);
  const [choice, setChoice] = useState(
    scripts.find((s) => s.id === remembered)?.id ?? scripts[0]?.id ?? NEW,
  );
  const [name, setName] = useState('My demo');
  const submit = () => {
    chosenScript.set(choice === NEW ? null : choice);
    onAdd(
      choice === NEW
        ? { newName: plainText(name, MAX_NAME_LENGTH) || 'My demo' }
        : { scriptId: choice },
    );
  };
  return (
    <span
      role="group"
      aria-label="Add to a demo script"
      // Over realty's listing drawer (z 1100, fixed at the right): at 1280 px it covered "Add
      // step". Under the demo player (1200) and dialogs; its own background while it lies over.
      className="relative z-[1150] flex flex-wrap items-end gap-2 rounded bg-white p-1 shadow-lg dark:bg-slate-900"
    >
      <label htmlFor={`${id}-script`} className="text-sm">
        Script
      </label>
      <select
        id={`${id}-script`}
        className="text-field"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
      >
        {scripts.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.steps.length} step{s.steps.length === 1 ? '' : 's'})
          </option>
        ))}
        <option value={NEW}>A new script…</option>
      </select>
      {choice === NEW && (
        <>
          <label htmlFor={`${id}-name`} className="text-sm">
            Name
          </label>
          <input
            id={`${id}-name`}
            className="text-field"
            value={name}
            maxLength={MAX_NAME_LENGTH}
            onChange={(e) => setName(e.target.value)}
          />
        </>
      )}
      <button type="button" className="btn-primary" onClick={submit}>
        Add step
      </button>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
    </span>
  );
}

/**
 * The choice once the stored scripts are read. They are read when the presenter asks to add,
 * not when the button appears with a result: that read (IndexedDB and the scripts' schemas,
 * about 100 ms at the reference phone) landed in the task that showed the answer (issue 41).
 */
function StoredScriptChoice(props: { onAdd: (target: StepTarget) => void; onCancel: () => void }) {
  const scripts = useDemos();
  if (scripts === null) return <span role="status">Reading your scripts…</span>;
  return <ScriptChoice scripts={writable(scripts)} {...props} />;
}

/**
 * "Add this result" in a view's result bar (and "Add this batch" in the batch view): the answer
 * on screen, or the batch's form, becomes the last step of the script the presenter picks (the
 * one picked last is offered first), never the built-in tour, with nothing sent. One result is
 * one step: a second click, or a double click, while it is being added or once it was, adds
 * nothing more.
 */
export function AddToDemo(what: What) {
  // The view's settings as its page URL holds them now (realty's colour, filters, area…).
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [added, setAdded] = useState<{ id: string; name: string; step: number } | null>(null);
  /** The answer (or batch) added, and where: the same one again is not a new step. */
  const addedFor = useRef<{ source: unknown; scriptId: string } | null>(null);
  const adding = useRef(false);
  const source = what.endpoint === undefined ? what.batch : what.data;
  const add = async (target: StepTarget) => {
    setAsking(false);
    const again =
      'scriptId' in target &&
      addedFor.current?.source === source &&
      addedFor.current?.scriptId === target.scriptId;
    if (adding.current || again) return;
    adding.current = true;
    try {
      const where = await addStepTo(target, await stepOf(what, search, queryClient));
      if (!where) return;
      addedFor.current = { source, scriptId: where.script.id };
      chosenScript.set(where.script.id);
      setAdded({ id: where.script.id, name: where.script.name, step: where.index + 1 });
    } finally {
      adding.current = false;
    }
  };
  return (
    <>
      {asking ? (
        <StoredScriptChoice onAdd={(t) => void add(t)} onCancel={() => setAsking(false)} />
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
          {what.endpoint === undefined ? 'Add this batch to a demo' : 'Add this result'}
        </button>
      )}
      <span role="status" className="text-slate-600 dark:text-slate-400">
        {added && (
          <>
            Step {added.step} of <Link to={`/demos?script=${added.id}`}>“{added.name}”</Link>
          </>
        )}
      </span>
    </>
  );
}
