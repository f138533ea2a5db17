import {
  hashKey,
  useQueries,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { EndpointSpec } from '../api/endpoints.ts';
import { isApiError } from '../api/errors.ts';
import { abortRequest } from '../api/in-flight.ts';
import { RunQueue, type QueueState } from '../lib/run-queue.ts';
import { getApiKey } from '../session/key-store.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import type { Params } from '../api/params.ts';

/** A `<capability>Queries.results` factory: queryOptions of one read for some parameters. */
export type ReadQueryFactory<T, K extends QueryKey = QueryKey> = (
  params: Params,
) => UseQueryOptions<T, Error, T, K> & { queryKey: K };

/** One request of a run, as the view shows it. */
export interface RunSlot<T> {
  params: Params;
  data: T | undefined;
  error: Error | null;
  isRunning: boolean;
  /** The answer was already in the session cache when this run asked for it: it cost nothing. */
  fromCache: boolean;
  /** When the answer on screen arrived (ms since the epoch; 0 without one). */
  answeredAt: number;
}

interface Batch {
  list: readonly Params[];
  /** When the run was asked for: answers older than this came from the cache. */
  at: number;
  cancelled: boolean;
}

export interface RunOptions {
  /**
   * At most this many requests in flight at once; the rest wait their turn. A 429 (too many
   * at once, never charged) puts its request back at the front, lowers the cap by one and
   * pauses the queue before it resumes by itself (lib/run-queue.ts).
   */
  concurrency?: number;
}

const isTooManyAtOnce = (error: unknown) =>
  isApiError(error) && error.kind === 'http' && error.status === 429;

/**
 * Any number of requests to one read endpoint, run side by side on an explicit action:
 * the one request of a view, the two of a comparison, the 26 of a keyword expansion.
 *
 * The observers never fetch by themselves (`enabled: false`): requests are sent only by
 * `run` (what is not in the session cache yet) and `runAgain` (a fresh, paid copy),
 * never on mount, focus or reconnect, and never a second time while one is in flight.
 * A request keeps running when its view unmounts; only `cancel` (or a new key) aborts it.
 */
export function useEndpointRuns<T, K extends QueryKey>(
  spec: EndpointSpec,
  factory: ReadQueryFactory<T, K>,
  /** Requests to show at once (already cached or running): showing them is free. */
  initial: readonly Params[] | null = null,
) {
  const queryClient = useQueryClient();
  const [batch, setBatch] = useState<Batch | null>(() =>
    initial ? { list: initial, at: Date.now(), cancelled: false } : null,
  );
  const list = batch?.list ?? [];
  const results = useQueries({
    queries: list.map((params) => ({ ...factory(params), enabled: false })),
  });
  const slots: RunSlot<T>[] = list.map((params, i) => {
    const r = results[i]!;
    return {
      params,
      data: r.data,
      error: r.error,
      isRunning: r.fetchStatus === 'fetching',
      fromCache: r.data !== undefined && r.dataUpdatedAt < (batch?.at ?? 0),
      answeredAt: r.dataUpdatedAt,
    };
  });
  const queueRef = useRef<RunQueue<Params> | null>(null);
  const [queueState, setQueueState] = useState<QueueState | null>(null);
  const isRunning = slots.some((s) => s.isRunning);

  const send = useCallback(
    (params: Params, fresh: boolean) => {
      const options = factory(params);
      const state = queryClient.getQueryState(options.queryKey);
      // Never a second request for one already in flight: it could be charged twice.
      if (state?.fetchStatus === 'fetching') return;
      if (!fresh && state?.data !== undefined) return;
      // The outcome lands in the query state the view shows; nothing to do with the promise.
      queryClient.fetchQuery(fresh ? { ...options, staleTime: 0 } : options).catch(() => {});
    },
    [factory, queryClient],
  );

  const stopQueue = useCallback(() => {
    queueRef.current?.stop();
    queueRef.current = null;
  }, []);
  // A queue's waiting requests belong to its view: they are not sent once it is gone.
  useEffect(() => stopQueue, [stopQueue]);

  /**
   * Shows `next`, sending what the cache does not hold (through a queue when `concurrency`
   * caps it). False (nothing sent) without a key. A new run drops what an earlier one still
   * had waiting.
   */
  const run = useCallback(
    (next: readonly Params[], options: RunOptions = {}): boolean => {
      if (!getApiKey()) {
        openKeyDialog();
        return false;
      }
      stopQueue();
      // Rendered in a transition, which React splits into short tasks: in the click's own task
      // the whole panel's render and commit were one long task on a phone (docs/benchmarks.md).
      // The request itself leaves at once.
      startTransition(() => setBatch({ list: next, at: Date.now(), cancelled: false }));
      if (options.concurrency === undefined) {
        next.forEach((params) => send(params, false));
        return true;
      }
      const queue = new RunQueue(next, {
        limit: options.concurrency,
        start: (params) => {
          const query = factory(params);
          const state = queryClient.getQueryState(query.queryKey);
          if (state?.data !== undefined || state?.fetchStatus === 'fetching') return null;
          return queryClient.fetchQuery(query);
        },
        isRefusal: isTooManyAtOnce,
        onChange: setQueueState,
      });
      queueRef.current = queue;
      queue.pump();
      return true;
    },
    [send, stopQueue, factory, queryClient, setQueueState],
  );

  /** Shows requests without sending anything (Back/Forward to a cached request). */
  const show = useCallback(
    (next: readonly Params[]) => setBatch({ list: next, at: Date.now(), cancelled: false }),
    [],
  );

  /** Fresh copies of what is on screen, paid again. Does nothing while any of them runs. */
  const runAgain = useCallback(() => {
    if (!batch || isRunning || queueRef.current) return;
    if (!getApiKey()) return openKeyDialog();
    setBatch({ ...batch, at: Date.now(), cancelled: false });
    batch.list.forEach((params) => send(params, true));
  }, [batch, isRunning, send]);

  /** Stops the requests on screen that are still running, and drops those still waiting. */
  const cancel = useCallback(() => {
    if (!batch) return;
    stopQueue();
    for (const params of batch.list) {
      const { queryKey } = factory(params);
      if (queryClient.getQueryState(queryKey)?.fetchStatus !== 'fetching') continue;
      // First settle the query (back to what it showed before), then stop the fetch itself.
      void queryClient.cancelQueries({ queryKey, exact: true });
      abortRequest(hashKey(queryKey));
    }
    setBatch({ ...batch, cancelled: true });
  }, [batch, factory, queryClient, stopQueue]);

  return {
    spec,
    slots,
    isRunning,
    /** A capped run's queue while it has requests waiting or in flight; null otherwise. */
    queue: queueState,
    run,
    show,
    runAgain,
    cancel,
    /** The user cancelled the last run (and nothing runs now). */
    cancelled: (batch?.cancelled ?? false) && !isRunning && queueState === null,
  };
}
