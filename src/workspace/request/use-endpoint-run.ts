import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import type { Params } from '../../api/endpoint-query.ts';
import type { EndpointSpec } from '../../api/endpoints.ts';
import type { WithMeta } from '../../api/requests.ts';
import { getApiKey } from '../../session/key-store.ts';
import { useApiKey } from '../../session/use-api-key.ts';
import { closeSnapshot, useOpenSnapshot } from '../snapshots/snapshot-store.ts';
import { useCacheStates } from '../../components/use-cache-states.ts';
import { useEndpointRuns, type ReadQueryFactory } from '../../components/use-endpoint-runs.ts';
import { sameParams, useParamForm } from '../../components/use-param-form.ts';

/**
 * The state of one view's request: form values live in the page URL (so a link
 * reproduces the form, never the key), and the request runs only on Run.
 * Identical requests are answered from the session cache at no cost. Built on
 * `useEndpointRuns` with a run of one.
 */
export function useEndpointRun<T extends WithMeta, K extends QueryKey>(
  spec: EndpointSpec,
  factory: ReadQueryFactory<T, K>,
) {
  const form = useParamForm(spec);
  const [formState = 'absent'] = useCacheStates([factory(form.normalized).queryKey]);
  // A link whose request is in the session cache (or still running since the user left
  // the view) shows it at once: that is free.
  const runs = useEndpointRuns(spec, factory, formState === 'absent' ? null : [form.normalized]);
  const slot = runs.slots[0];
  const submitted = slot?.params ?? null;

  // Back/Forward to a request already in the cache shows its result again, for free.
  const location = useLocation();
  const navigationType = useNavigationType();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (location.key !== seenLocation) {
    setSeenLocation(location.key);
    // So does a link that reopens a request (history links carry `state: { reopen: true }`).
    const reopening = (location.state as { reopen?: boolean } | null)?.reopen === true;
    if ((navigationType === NavigationType.Pop || reopening) && formState === 'cached')
      runs.show([form.normalized]);
  }

  // The last good result stays on screen while a new request runs or after it fails
  // (nothing the user saw is lost), but never across a change of key.
  const apiKey = useApiKey();
  const current = slot?.data;
  const [lastGood, setLastGood] = useState<{
    data: T;
    params: Params;
    apiKey: string | null;
  } | null>(null);
  if (current !== undefined && submitted && current !== lastGood?.data) {
    setLastGood({ data: current, params: submitted, apiKey });
  }
  const previous = lastGood && lastGood.apiKey === apiKey ? lastGood : null;

  // Typing replaces the history entry; the first edit after a run starts a new one,
  // so Back returns to the request that ran.
  const showingSubmitted = submitted !== null && sameParams(submitted, form.normalized);
  const { setValue: setFormValue, setValues: setFormValues, attemptSubmit } = form;
  const setValue = useCallback(
    (name: string, value: string) => setFormValue(name, value, { replace: !showingSubmitted }),
    [setFormValue, showingSubmitted],
  );
  /** Several fields at once (e.g. a preset's width and height). */
  const setValues = useCallback(
    (patch: Params) => setFormValues(patch, { replace: !showingSubmitted }),
    [setFormValues, showingSubmitted],
  );

  // An opened snapshot file shows through the normal result path while the form still asks
  // for its request: read-only, nothing sent. Any run closes it.
  const openSnapshot = useOpenSnapshot(spec.id);
  const snapshot =
    openSnapshot && sameParams(openSnapshot.params, form.normalized) ? openSnapshot : null;

  const { run: runMany, cancel: cancelRuns, isRunning } = runs;
  /** Returns false (and sends nothing) when the form is invalid, a request runs, or there is no key. */
  const run = useCallback((): boolean => {
    if (!attemptSubmit() || isRunning) return false;
    closeSnapshot();
    return runMany([form.normalized]);
  }, [attemptSubmit, isRunning, runMany, form.normalized]);

  /**
   * Live typing (autocomplete): runs the form as it is now, first cancelling the request on
   * screen when it asked for something else, since its answer could only be stale. Quiet:
   * an invalid form or a missing key sends nothing and shows no error or dialog.
   */
  const { isValid } = form;
  const runLatest = useCallback((): boolean => {
    if (!isValid || !getApiKey()) return false;
    if (isRunning) {
      if (submitted && sameParams(submitted, form.normalized)) return false;
      cancelRuns();
    }
    return runMany([form.normalized]);
  }, [isValid, isRunning, submitted, form.normalized, cancelRuns, runMany]);

  // The snapshot's answer went through the endpoint's schema like a live one: same shape.
  const shownSnapshot = snapshot && !isRunning ? snapshot : null;
  const shown = shownSnapshot ? (shownSnapshot.result as unknown as T) : undefined;

  return {
    spec,
    values: form.values,
    setValue,
    setValues,
    markTouched: form.markTouched,
    errors: form.errors,
    isValid: form.isValid,
    wire: form.wire,
    /** The parameters of the request on screen. */
    submitted,
    run,
    runLatest,
    /** A fresh copy of the result on screen, paid again; nothing while a request runs. */
    runAgain: runs.runAgain,
    cancel: runs.cancel,
    error: shown ? null : (slot?.error ?? null),
    /** The result on screen: an open snapshot's, the current request's, or else the last good one. */
    data: shown ?? current ?? previous?.data,
    /** The parameters that produced `data`. */
    dataParams: shownSnapshot
      ? shownSnapshot.params
      : current !== undefined
        ? submitted
        : (previous?.params ?? null),
    /** True when `data` belongs to earlier parameters than the request now on screen. */
    showingPrevious: !shown && current === undefined && previous !== null,
    /** `data` comes from a snapshot file (read-only, nothing spent): when it was saved. */
    snapshotSavedAt: shownSnapshot?.savedAt ?? null,
    isRunning,
    cancelled: runs.cancelled,
    fromCache: !shown && (slot?.fromCache ?? false) && !isRunning,
    /** When a cached answer arrived (it may be from before a reload). */
    answeredAt: slot?.answeredAt ?? 0,
    /** The request the form describes is already in the session cache: running it is free. */
    formCached: formState === 'cached',
  };
}
