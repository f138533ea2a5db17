import { isApiError } from './errors.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { spendsCredits?: boolean };
    mutationMeta: { spendsCredits?: boolean };
  }
}

/**
 * Requests that may spend credits run only when the user presses Run: never on
 * mount, focus, reconnect or retry, and a result is kept for the whole session
 * so an identical request is never paid twice.
 */
export const SPENDING_QUERY = {
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 0,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  meta: { spendsCredits: true },
} as const;

/** Free requests (account, meta) may retry transient failures twice with backoff. */
export const FREE_QUERY = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < 2 && isApiError(error) && error.isTransient,
  refetchOnWindowFocus: false,
} as const;
