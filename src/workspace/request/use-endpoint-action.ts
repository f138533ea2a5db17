import { hashKey, useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { endpointMutation, endpointMutationKey } from '../../api/endpoint-query.ts';
import { ENDPOINTS, type ActionEndpointId } from '../../api/endpoints.ts';
import { isApiError } from '../../api/errors.ts';
import { abortRequest } from '../../api/in-flight.ts';
import { getApiKey } from '../../session/key-store.ts';
import { openKeyDialog } from '../../session/key-dialog-store.ts';
import { useParamForm } from '../../components/use-param-form.ts';
import type { EndpointResult } from '../../api/requests.ts';
import type { ShownResult, ViewRequest } from './view-request.ts';
import type { Params } from '../../api/params.ts';
import { closeSnapshot } from '../snapshots/snapshot-store.ts';
import { useShownSnapshot } from './shown-result.ts';

/**
 * The request of a view whose endpoint is an action (it creates something): the same three
 * parts as a read (view-request.ts), but every submit sends and makes a new thing, so there
 * is no cache and no earlier answer, and a submit while one is in flight sends nothing. An
 * opened snapshot of the form's submission (a demo step) is shown read-only until a submit.
 * A confirm step uses `attemptSubmit`, `normalized` and `submit`.
 */
export function useEndpointAction<Id extends ActionEndpointId>(
  id: Id,
): ViewRequest<EndpointResult<Id>> & {
  attemptSubmit: () => boolean;
  normalized: Params;
  submit: (params: Params) => boolean;
} {
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
      closeSnapshot();
      mutate(params);
      return true;
    },
    [isRunning, mutate],
  );

  const { attemptSubmit, setValue: setFormValue, setValues: setFormValues } = form;
  const start = useCallback(
    (): boolean => attemptSubmit() && submit(form.normalized),
    [attemptSubmit, submit, form.normalized],
  );
  const cancel = useCallback(() => {
    setCancelled(true);
    abortRequest(hashKey(endpointMutationKey(id)));
  }, [id]);
  const submitted = mutation.variables ?? null;
  const aborted = isApiError(mutation.error) && mutation.error.kind === 'aborted';
  const snapshot = useShownSnapshot<EndpointResult<Id>>(id, form.normalized, isRunning);
  const shown: ShownResult<EndpointResult<Id>> = snapshot ?? {
    data: mutation.data,
    params: mutation.data ? submitted : null,
    error: aborted ? null : mutation.error,
    earlier: false,
    savedAt: null,
    fromCache: false,
    answeredAt: 0,
  };

  return {
    spec,
    form: {
      values: form.values,
      errors: form.errors,
      isValid: form.isValid,
      wire: form.wire,
      setValue: useCallback(
        (name: string, value: string) => setFormValue(name, value, { replace: true }),
        [setFormValue],
      ),
      setValues: useCallback(
        (patch: Params) => setFormValues(patch, { replace: true }),
        [setFormValues],
      ),
      markTouched: form.markTouched,
      cached: false,
    },
    run: {
      start,
      /** Submits the last submission's parameters again (a new job); nothing while one runs. */
      again: useCallback(() => void (submitted && submit(submitted)), [submitted, submit]),
      cancel,
      isRunning,
      cancelled: cancelled && !isRunning,
      submitted,
    },
    shown,
    /** Shows every field's error and says whether the form may be sent (for a confirm step). */
    attemptSubmit,
    /** The form's parameters as they would be sent. */
    normalized: form.normalized,
    /** Sends these parameters as a new submission; false when one runs or no key is set. */
    submit,
  };
}
