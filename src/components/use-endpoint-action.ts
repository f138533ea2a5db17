import { hashKey, useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { endpointMutation, endpointMutationKey, type Params } from '../api/endpoint-query.ts';
import { ENDPOINTS, type ActionEndpointId } from '../api/endpoints.ts';
import { isApiError } from '../api/errors.ts';
import { abortRequest } from '../api/in-flight.ts';
import { getApiKey } from '../session/key-store.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import { useParamForm } from './use-param-form.ts';

/**
 * The state of one view's action (an endpoint that creates something): the same
 * URL-backed form as a read, but every submit sends and makes a new thing, so there is
 * no cache, no "Run again", and a submit while one is in flight sends nothing.
 */
export function useEndpointAction<Id extends ActionEndpointId>(id: Id) {
  const spec = ENDPOINTS[id];
  const form = useParamForm(spec);
  const mutation = useMutation(endpointMutation(id));
  const [cancelled, setCancelled] = useState(false);
  const isRunning = mutation.isPending;

  const { mutate } = mutation;
  const submit = useCallback(
    (params: Params): boolean => {
      if (isRunning) return false;
      if (!getApiKey()) {
        openKeyDialog();
        return false;
      }
      setCancelled(false);
      mutate(params);
      return true;
    },
    [isRunning, mutate],
  );

  const { attemptSubmit, setValue: setFormValue } = form;
  const run = useCallback(
    (): boolean => attemptSubmit() && submit(form.normalized),
    [attemptSubmit, submit, form.normalized],
  );
  const cancel = useCallback(() => {
    setCancelled(true);
    abortRequest(hashKey(endpointMutationKey(id)));
  }, [id]);
  const submitted = mutation.variables ?? null;
  const aborted = isApiError(mutation.error) && mutation.error.kind === 'aborted';

  return {
    spec,
    values: form.values,
    setValue: useCallback(
      (name: string, value: string) => setFormValue(name, value, { replace: true }),
      [setFormValue],
    ),
    markTouched: form.markTouched,
    errors: form.errors,
    isValid: form.isValid,
    wire: form.wire,
    submitted,
    run,
    /** Shows every field's error and says whether the form may be sent (for a confirm step). */
    attemptSubmit,
    /** The form's parameters as they would be sent. */
    normalized: form.normalized,
    /** Sends these parameters as a new submission; false when one runs or no key is set. */
    submit,
    /** Submits the last submission's parameters again (a new job); nothing while one runs. */
    runAgain: useCallback(() => void (submitted && submit(submitted)), [submitted, submit]),
    cancel,
    error: aborted ? null : mutation.error,
    data: mutation.data,
    dataParams: mutation.data ? submitted : null,
    showingPrevious: false,
    isRunning,
    cancelled: cancelled && !isRunning,
    fromCache: false,
    formCached: false,
  };
}
