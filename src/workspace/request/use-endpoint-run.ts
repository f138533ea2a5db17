import type { QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EndpointSpec } from '../../api/endpoints.ts';
import type { WithMeta } from '../../api/requests.ts';
import { useCacheStates } from '../../components/use-cache-states.ts';
import { useEndpointRuns, type ReadQueryFactory } from '../../components/use-endpoint-runs.ts';
import { useParamForm, type ParamFormOptions } from '../../components/use-param-form.ts';
import { getApiKey } from '../../session/key-store.ts';
import { closeSnapshot } from '../snapshots/snapshot-store.ts';
import {
  useEarlierAnswer,
  useRunOnArrival,
  useShowOnReturn,
  useShownResult,
} from './shown-result.ts';
import type { ViewRequest } from './view-request.ts';
import { type Params, sameParams } from '../../api/params.ts';

/**
 * The request of a view that reads one endpoint. The contract, part by part:
 *
 * - **form** (`useParamForm`): values live in the page URL, so a link reproduces the form
 *   (never the key) and opening it spends nothing. Typing replaces the history entry; the
 *   first edit after a run starts a new one, so Back returns to the request that ran.
 * - **run** (`useEndpointRuns`, a run of one): sent only on `start` or `again`. Identical
 *   requests are answered from the session cache at no cost; a link or Back/Forward to a
 *   request in the cache (or still running) shows it at once. A run closes an open snapshot.
 * - **shown** (`useShownResult`): an open snapshot of the form's request, else the request's
 *   answer, else the answer from before it (while it runs or after it failed).
 *
 * Batch runs use `useEndpointRuns` alone, without a form. `startLatest` serves live typing.
 */
export function useEndpointRun<T extends WithMeta, K extends QueryKey>(
  spec: EndpointSpec,
  factory: ReadQueryFactory<T, K>,
  formOptions?: ParamFormOptions,
): ViewRequest<T> & { run: { startLatest: () => boolean } } {
  const form = useParamForm(spec, formOptions);
  const request = form.normalized;
  const [formState = 'absent'] = useCacheStates([factory(request).queryKey]);
  const runs = useEndpointRuns(spec, factory, formState === 'absent' ? null : [request]);
  const slot = runs.slots[0];
  const submitted = slot?.params ?? null;
  const { run: send, show, cancel, isRunning } = runs;
  useShowOnReturn(formState === 'cached', () => show([request]));
  const [earlier, keep] = useEarlierAnswer(factory, submitted);
  const shown = useShownResult(spec.id, slot, earlier, request);

  const showingSubmitted = submitted !== null && sameParams(submitted, request);
  const { setValue: setFormValue, setValues: setFormValues, attemptSubmit, isValid } = form;
  const setValue = useCallback(
    (name: string, value: string) => setFormValue(name, value, { replace: !showingSubmitted }),
    [setFormValue, showingSubmitted],
  );
  const setValues = useCallback(
    (patch: Params) => setFormValues(patch, { replace: !showingSubmitted }),
    [setFormValues, showingSubmitted],
  );

  const start = useCallback((): boolean => {
    if (!attemptSubmit() || isRunning) return false;
    closeSnapshot();
    keep();
    return send([request]);
  }, [attemptSubmit, isRunning, keep, send, request]);
  useRunOnArrival(start);

  /**
   * Live typing (autocomplete): runs the form as it is now, first cancelling the request on
   * screen when it asked for something else, since its answer could only be stale. Quiet:
   * an invalid form or a missing key sends nothing and shows no error or dialog.
   */
  const startLatest = useCallback((): boolean => {
    if (!isValid || !getApiKey()) return false;
    if (isRunning) {
      if (submitted && sameParams(submitted, request)) return false;
      cancel();
    }
    keep();
    return send([request]);
  }, [isValid, isRunning, submitted, request, cancel, keep, send]);

  return {
    spec,
    form: {
      values: form.values,
      errors: form.errors,
      isValid,
      wire: form.wire,
      setValue,
      setValues,
      markTouched: form.markTouched,
      cached: formState === 'cached',
    },
    run: {
      start,
      startLatest,
      again: runs.runAgain,
      cancel,
      isRunning,
      cancelled: runs.cancelled,
      submitted,
    },
    shown,
  };
}
