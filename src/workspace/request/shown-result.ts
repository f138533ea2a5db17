import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import type { EndpointId } from '../../api/endpoints.ts';
import type { ReadQueryFactory, RunSlot } from '../../components/use-endpoint-runs.ts';
import { getApiKey } from '../../session/key-store.ts';
import { useApiKey } from '../../session/use-api-key.ts';
import type { ShownResult } from './view-request.ts';
import { useOpenSnapshot } from '../snapshots/snapshot-store.ts';
import { type Params, sameParams } from '../../api/params.ts';

/** The answer on screen when a new request started, kept while that one runs or after it fails. */
export interface Earlier<T> {
  data: T;
  params: Params;
  /** Never shown under another key. */
  apiKey: string | null;
}

/**
 * The answer on screen when a new request starts, kept while that one runs or after it fails.
 * The run calls `keep` before it sends: the answer is read from the session cache then, not
 * tracked render by render.
 */
export function useEarlierAnswer<T, K extends QueryKey>(
  factory: ReadQueryFactory<T, K>,
  submitted: Params | null,
): [Earlier<T> | null, () => void] {
  const queryClient = useQueryClient();
  const [earlier, setEarlier] = useState<Earlier<T> | null>(null);
  const keep = useCallback(() => {
    const data = submitted && queryClient.getQueryData<T>(factory(submitted).queryKey);
    if (!submitted || data === undefined || data === null) return;
    const kept = { data, params: submitted, apiKey: getApiKey() };
    // Rendered with the run's own transition (decision 029), not in the click's task.
    startTransition(() => setEarlier(kept));
  }, [submitted, factory, queryClient]);
  return [earlier, keep];
}

/**
 * An opened snapshot of the form's request (a snapshot file, a demo step), shown while no
 * request runs: reads and actions alike.
 */
export function useShownSnapshot<T>(
  endpoint: EndpointId,
  form: Params,
  isRunning: boolean,
): ShownResult<T> | null {
  const snapshot = useOpenSnapshot(endpoint);
  if (!snapshot || isRunning || !sameParams(snapshot.params, form)) return null;
  return {
    // The snapshot's answer went through the endpoint's schema like a live one: same shape.
    data: snapshot.result as unknown as T,
    params: snapshot.params,
    error: null,
    earlier: false,
    savedAt: snapshot.savedAt,
    fromCache: false,
    answeredAt: 0,
  };
}

/**
 * Which answer a view of one request shows, in this order: an opened snapshot file of the
 * form's request (nothing is sent; any run closes it), the request's own answer, else the
 * answer kept from before it (`earlier`), so nothing the user saw is lost to a new request
 * that runs or fails.
 */
export function useShownResult<T>(
  endpoint: EndpointId,
  slot: RunSlot<T> | undefined,
  earlier: Earlier<T> | null,
  form: Params,
): ShownResult<T> {
  const apiKey = useApiKey();
  const isRunning = slot?.isRunning ?? false;
  const snapshot = useShownSnapshot<T>(endpoint, form, isRunning);
  if (snapshot) return snapshot;
  const kept = slot?.data === undefined && earlier?.apiKey === apiKey ? earlier : null;
  return {
    data: slot?.data ?? kept?.data,
    params: slot?.data !== undefined ? slot.params : (kept?.params ?? null),
    error: slot?.error ?? null,
    earlier: kept !== null,
    savedAt: null,
    fromCache: (slot?.fromCache ?? false) && !isRunning,
    answeredAt: slot?.answeredAt ?? 0,
  };
}

/**
 * Back/Forward to a request already in the session cache shows its answer again, for free;
 * so does a link that reopens one (history links and a demo's steps carry
 * `state: { reopen: true }`). A view that shows more answers as its URL says (a comparison, a
 * ladder) passes `true` and shows what the URL now asks for, or nothing: a demo's second step
 * of the same view lands on a view still mounted, which otherwise read its URL only on arrival.
 * The view's own writes (typing, a setting) are not returns: what was typed stays first (086).
 * Tracks the location by React's pattern for state that follows a changing input (set during
 * render).
 */
export function useShowOnReturn(formCached: boolean, show: () => void): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [seen, setSeen] = useState(location.key);
  if (location.key === seen) return;
  setSeen(location.key);
  const reopening = (location.state as { reopen?: boolean } | null)?.reopen === true;
  if ((navigationType === NavigationType.Pop || reopening) && formCached) show();
}

/**
 * A link that asks for its request to run (`state: { run: true }`: a demo's live replay, whose
 * cost the presenter saw and accepted once) runs the form once on arrival, as Run would: a
 * request already in the cache is shown for free, an invalid form or no key sends nothing.
 */
export function useRunOnArrival(start: () => boolean): void {
  const location = useLocation();
  const asked = (location.state as { run?: boolean } | null)?.run === true;
  const run = useEffectEvent(() => void start());
  useEffect(() => {
    if (asked) run();
  }, [location.key, asked]);
}
