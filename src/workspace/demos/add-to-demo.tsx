import { useState } from 'react';
import { Link } from 'react-router';
import type { EndpointId } from '../../api/endpoints.ts';
import type { Params } from '../../api/params.ts';
import type { ImageResult, JsonResult } from '../../api/requests.ts';
import { addStepToLatest } from './demo-store.ts';
import { stepFromResult } from './demo-steps.ts';

/**
 * "Add this result" in a view's result bar: the answer on screen becomes the last step of the
 * demo script changed last (a new "My demo" when there is none), with nothing sent.
 */
export function AddToDemo({
  endpoint,
  params,
  data,
}: {
  endpoint: EndpointId;
  params: Params;
  data: unknown;
}) {
  const [added, setAdded] = useState<{ name: string; step: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      const step = await stepFromResult(
        endpoint,
        params,
        data as JsonResult<unknown> | ImageResult,
      );
      const { script, index } = await addStepToLatest(step);
      setAdded({ name: script.name, step: index + 1 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void add()}>
        Add this result
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
