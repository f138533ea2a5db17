import type { EndpointSpec } from './endpoints.ts';
import { isApiError } from './errors.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `batch`: the id of the batch that sent the request (one history entry for all of them). */
    queryMeta: { spendsCredits?: boolean; batch?: string };
    mutationMeta: { spendsCredits?: boolean };
  }
}

interface QueryPolicy {
  staleTime: number;
  gcTime?: number;
  retry: number | ((failureCount: number, error: Error) => boolean);
  retryOnMount: boolean;
  refetchOnMount: boolean;
  refetchOnWindowFocus: boolean;
  refetchOnReconnect: boolean;
  meta: { spendsCredits: boolean };
}

/**
 * Requests that may spend credits run only when the user presses Run: never on
 * mount, focus, reconnect or retry, and a result is kept for the whole session
 * so an identical request is never paid twice.
 */
export const SPENDING_QUERY: QueryPolicy = {
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 0,
  retryOnMount: false,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  meta: { spendsCredits: true },
};

/** Free requests (the account) may retry transient failures twice with backoff. */
export const FREE_QUERY: QueryPolicy = {
  staleTime: 30_000,
  retry: (failureCount, error) => failureCount < 2 && isApiError(error) && error.isTransient,
  retryOnMount: true,
  refetchOnMount: true,
  refetchOnWindowFocus: false,
  refetchOnReconnect: true,
  meta: { spendsCredits: false },
};

/** The query policy the catalogue implies for a read. */
export const queryPolicy = (spec: EndpointSpec): QueryPolicy =>
  spec.metered ? SPENDING_QUERY : FREE_QUERY;
