import { useState } from 'react';
import { Link } from 'react-router';
import type { EndpointId } from '../../api/endpoints.ts';
import type { Params } from '../../api/params.ts';
import type { ImageResult, JsonResult } from '../../api/requests.ts';
import type { BatchDefinition } from '../runs/lib/definition.ts';
import type { DemoStep } from './demo-file.ts';
import { addStepToLatest } from './demo-store.ts';
import { stepFromBatch, stepFromResult } from './demo-steps.ts';

type What =
  | { endpoint: EndpointId; params: Params; data: unknown }
  | { batch: BatchDefinition; endpoint?: undefined };

const stepOf = (what: What): Promise<DemoStep> =>
  what.endpoint === undefined
    ? Promise.resolve(stepFromBatch(what.batch))
    : stepFromResult(what.endpoint, what.params, what.data as JsonResult<unknown> | ImageResult);

/**
 * "Add this result" in a view's result bar (and "Add this batch" in the batch view): the answer
 * on screen, or the batch's form, becomes the last step of the demo script changed last (a new
 * "My demo" when there is none), with nothing sent.
 */
export function AddToDemo(what: What) {
  const [added, setAdded] = useState<{ name: string; step: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      const step = await stepOf(what);
      const { script, index } = await addStepToLatest(step);
      setAdded({ name: script.name, step: index + 1 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void add()}>
        {what.endpoint === undefined ? 'Add this batch to a demo' : 'Add this result'}
      </button>
      <span role="status" className="text-slate-600 dark:text-slate-400">
        {added && (
          <>
            Step {added.step} of <Link to="/demos">“{added.name}”</Link>
          </>
        )}
      </span>
    </>
  );
}
