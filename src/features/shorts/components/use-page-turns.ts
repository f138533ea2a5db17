import { useEffect, useRef } from 'react';
import type { EndpointSpec } from '../../../api/endpoints.ts';
import { pickParams, sameParams, type Params } from '../../../api/params.ts';
import type { RequestForm, RequestRun } from '../../../workspace/request/view-request.ts';

/**
 * Next / Previous page: puts `start` in the form (and the page URL), then runs it once the
 * form shows it, so the request sent is the one the URL describes. Returns what turns to the
 * page beginning at `start`, for the request on screen (`shownParams`).
 */
export function usePageTurns(
  spec: EndpointSpec,
  form: RequestForm,
  run: RequestRun,
  shownParams: Params | null,
): (start: number) => void {
  const pendingRef = useRef<Params | null>(null);
  const { values } = form;
  const runForm = run.start;
  useEffect(() => {
    const wanted = pendingRef.current;
    if (wanted && sameParams(pickParams(spec, values), wanted)) {
      pendingRef.current = null;
      runForm();
    }
  }, [spec, values, runForm]);
  return (start: number) => {
    if (!shownParams || run.isRunning) return;
    const patch: Params = Object.fromEntries(spec.params.map((p) => [p.name, '']));
    Object.assign(patch, shownParams, { start: start > 0 ? String(start) : '' });
    pendingRef.current = pickParams(spec, patch);
    if (sameParams(pickParams(spec, values), pendingRef.current)) {
      pendingRef.current = null;
      runForm();
    } else form.setValues(patch);
  };
}
