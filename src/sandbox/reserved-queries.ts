import { HOSTILE_SHORTS_QUERY } from './data/shorts.ts';

/**
 * Queries the sandbox answers with a failure, on every endpoint that takes a query, so a batch
 * shows its failed cells offline: one failure that spends nothing and one that does (a 404 is
 * charged, upstream-notes.md). README, The sandbox, lists them beside `sandbox:hostile`.
 */
export const RESERVED_FAILURES = {
  /** An internal error of the service: HTTP 500, no credits spent. */
  'sandbox:error-500': { status: 500, charged: false },
  /** The service could not find the target: HTTP 404, charged like a success. */
  'sandbox:charged-404': { status: 404, charged: true },
} as const satisfies Record<string, { status: number; charged: boolean }>;

export type ReservedFailure = (typeof RESERVED_FAILURES)[keyof typeof RESERVED_FAILURES];

/** Every reserved query (the failures, and the shorts' hostile answer). */
export const RESERVED_QUERIES: readonly string[] = [
  ...Object.keys(RESERVED_FAILURES),
  HOSTILE_SHORTS_QUERY,
];

/** The failure a query stands for, matched as the hostile query is (trimmed, any case). */
export function reservedFailure(query: string | undefined): ReservedFailure | undefined {
  const key = (query ?? '').trim().toLowerCase();
  return Object.hasOwn(RESERVED_FAILURES, key)
    ? RESERVED_FAILURES[key as keyof typeof RESERVED_FAILURES]
    : undefined;
}
