import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router';
import type { ResponseMeta } from '../api/client.ts';
import type { spendingQuery } from '../api/endpoint-query.ts';
import type { EndpointSpec } from '../api/endpoints.ts';
import { pickParams, validateParams, type ParamErrors } from '../api/params.ts';
import { getApiKey } from '../session/key-store.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import { useApiKey } from '../session/use-api-key.ts';

export type Params = Record<string, string>;

/** What every endpoint query returns: parsed data plus what the inspector shows. */
export interface WithMeta {
  meta: ResponseMeta;
}

type QueryFactory<T> = (params: Params) => ReturnType<typeof spendingQuery<T>>;

/**
 * The state of one view's request: form values live in the page URL (so a link
 * reproduces the form, never the key), and the request runs only on Run.
 * Identical requests are answered from the session cache at no cost.
 */
export function useEndpointRun<T extends WithMeta>(spec: EndpointSpec, factory: QueryFactory<T>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // The form shows what is typed (spaces included); requests and cache keys use the trimmed form.
  const values = useMemo(() => rawParams(spec, searchParams), [spec, searchParams]);
  const normalized = useMemo(() => pickParams(spec, values), [spec, values]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitAttempted, setSubmitAttempted] = useState(false);
  // A link whose request is already in the session cache shows its result at once (it is free).
  const [submitted, setSubmitted] = useState<Params | null>(() =>
    queryClient.getQueryData(factory(normalized).queryKey) !== undefined ? normalized : null,
  );
  const [fromCache, setFromCache] = useState(submitted !== null);
  const [cancelled, setCancelled] = useState(false);

  // Back/Forward to a request already in the cache shows its result again, for free.
  const location = useLocation();
  const navigationType = useNavigationType();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (location.key !== seenLocation) {
    setSeenLocation(location.key);
    if (
      navigationType === NavigationType.Pop &&
      queryClient.getQueryData(factory(normalized).queryKey) !== undefined
    ) {
      setSubmitted(normalized);
      setFromCache(true);
    }
  }

  const validation = useMemo(() => validateParams(spec, values), [spec, values]);
  const allErrors: ParamErrors = validation.ok ? {} : validation.errors;
  const visibleErrors = Object.fromEntries(
    Object.entries(allErrors).filter(([name]) => submitAttempted || touched.has(name)),
  );

  const options = factory(submitted ?? normalized);
  const query = useQuery({ ...options, enabled: submitted !== null });

  // The last good result stays on screen while a new request runs or after it fails
  // (nothing the user saw is lost), but never across a change of key.
  const apiKey = useApiKey();
  const current = submitted ? query.data : undefined;
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
  const showingSubmitted = submitted !== null && sameParams(submitted, normalized);
  const setValue = useCallback(
    (name: string, value: string) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: !showingSubmitted },
      );
    },
    [setSearchParams, showingSubmitted],
  );

  const markTouched = useCallback((name: string) => setTouched((t) => new Set(t).add(name)), []);

  /** Returns false (and sends nothing) when the form is invalid or there is no key. */
  const run = useCallback((): boolean => {
    setSubmitAttempted(true);
    if (!validation.ok) return false;
    setCancelled(false);
    if (!getApiKey()) {
      openKeyDialog();
      return false;
    }
    const key = factory(normalized).queryKey;
    const state = queryClient.getQueryState(key);
    if (state?.data !== undefined) {
      setSubmitted(normalized);
      setFromCache(true);
      return true;
    }
    setFromCache(false);
    setSubmitted(normalized);
    // Same key as the one on screen (after an error or a cancel): the observer will not refetch by itself.
    if (showingSubmitted) void queryClient.refetchQueries({ queryKey: key, exact: true });
    return true;
  }, [validation.ok, factory, normalized, queryClient, showingSubmitted]);

  /** A fresh copy of the result on screen, paid again. */
  const runAgain = useCallback(() => {
    if (!submitted) return;
    setFromCache(false);
    setCancelled(false);
    void queryClient.refetchQueries({ queryKey: factory(submitted).queryKey, exact: true });
  }, [submitted, queryClient, factory]);

  const cancel = useCallback(() => {
    if (!submitted) return;
    setCancelled(true);
    void queryClient.cancelQueries({ queryKey: factory(submitted).queryKey, exact: true });
  }, [submitted, queryClient, factory]);

  return {
    spec,
    values,
    setValue,
    markTouched,
    errors: visibleErrors,
    isValid: validation.ok,
    wire: validation.ok ? validation.wire : null,
    submitted,
    run,
    runAgain,
    cancel,
    query,
    /** The result on screen: the current request's, or else the last good one. */
    data: current ?? previous?.data,
    /** The parameters that produced `data`. */
    dataParams: current !== undefined ? submitted : (previous?.params ?? null),
    /** True when `data` belongs to earlier parameters than the request now on screen. */
    showingPrevious: current === undefined && previous !== null,
    isRunning: query.fetchStatus === 'fetching',
    cancelled: cancelled && query.fetchStatus !== 'fetching',
    fromCache: fromCache && query.fetchStatus !== 'fetching',
  };
}

function sameParams(a: Params, b: Params): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

function rawParams(spec: EndpointSpec, searchParams: URLSearchParams): Params {
  const out: Params = {};
  for (const p of spec.params) {
    const v = searchParams.get(p.name);
    if (v) out[p.name] = v;
  }
  return out;
}

export type EndpointRun<T extends WithMeta> = ReturnType<typeof useEndpointRun<T>>;
