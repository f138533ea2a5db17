import type { EndpointId } from '../api/endpoints.ts';
import type { AccountShape } from './account-shapes.ts';
import { defaultCosts, type CostTable } from './costs.ts';
import { WebhookInbox } from './webhook-inbox.ts';

export const DEMO_KEY = 'demo-key';
export const DEMO_CREDITS = 100_000;
export const DEMO_CONCURRENCY = 5;
export const DEFAULT_LATENCY_MS = 250;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The most days the control moves the sandbox on at once. */
export const MAX_DRIFT_DAYS = 365;

export type FaultKind =
  'status' | 'slow' | 'malformed' | 'truncated' | 'drop' | 'reset' | 'drop-body';

export interface FaultInit {
  /**
   * Which endpoint it hits; '*' (the default) hits any metered endpoint. An unmetered one
   * (the account) is hit only by a fault that names it: the bench's load runs on it.
   */
  endpoint?: EndpointId | '*';
  kind: FaultKind;
  /** For 'status': the HTTP status to answer (e.g. 404, 410, 500). */
  status?: number;
  /**
   * For 'status': a plain-text body to send instead of the default one. With status 200 it
   * stands for an odd success (e.g. JSON metadata in place of a screenshot's bytes), charged
   * like any success.
   */
  body?: string;
  /** For 'status': the Content-Type of `body` (default text/plain). */
  contentType?: string;
  /** For 'status': extra headers, e.g. `Retry-After` on a 429 or `Location` on a redirect. */
  headers?: Record<string, string>;
  /** For 'slow': how long to wait before answering normally. */
  delayMs?: number;
  /** How many requests it applies to before it is used up (default 1). */
  times?: number;
}

export interface Fault extends Required<Pick<FaultInit, 'endpoint' | 'kind'>> {
  id: number;
  status: number | undefined;
  body: string | undefined;
  contentType: string | undefined;
  headers: Record<string, string> | undefined;
  delayMs: number | undefined;
  remaining: number;
}

export interface KeyAccount {
  requestLimit: number;
  requestUsed: number;
  concurrencyLimit: number;
  inFlight: number;
  /** The most metered requests in flight at once since the last reset (tests check caps with it). */
  peakInFlight: number;
  /** Which of the shapes seen in the wild `/account` answers in (default: full). */
  shape?: AccountShape;
}

export interface CallRecord {
  /** When the request was received (not when it was answered). */
  at: string;
  endpoint: string;
  status: number;
  credits: number;
  /** The client went away before the answer: charged once, as a live service that did the work. */
  aborted?: true;
}

/**
 * A request as it arrives, before any answer: its parameters without the key. Tests watch it to
 * act within milliseconds of a request reaching the upstream, and to see what was asked twice.
 */
export interface ReceivedRecord {
  at: string;
  endpoint: string;
  params: Record<string, string>;
}

// 'drop': the connection closes before any answer; 'reset': it is reset (a TCP RST, as a
// crashed or overloaded upstream does); 'drop-body': half-way through a 200 body.
const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'slow',
  'malformed',
  'truncated',
  'drop',
  'reset',
  'drop-body',
];

/** Everything the sandbox remembers between requests: credits per key, faults to inject, latency. */
export class SandboxState {
  readonly accounts = new Map<string, KeyAccount>();
  faults: Fault[] = [];
  calls: CallRecord[] = [];
  received: ReceivedRecord[] = [];
  latencyMs: number;
  /** Up to this much more latency, at random per request (races between answers). */
  latencyJitterMs = 0;
  /** Credits per successful request, by endpoint (published costs, small ones for the rest). */
  costs: CostTable = defaultCosts();
  /** Where submitted webhook jobs are "delivered" (sandbox mode's stand-in for the owner's webhook). */
  readonly inbox = new WebhookInbox();
  /** When the sandbox's day 0 began (its start or last reset): its answers drift by day. */
  dayZeroAt = Date.now();
  /** Days the control moved the sandbox on, beyond those that passed. */
  driftDays = 0;
  private nextFaultId = 1;
  private readonly defaultLatencyMs: number;

  constructor(defaultLatencyMs = DEFAULT_LATENCY_MS) {
    this.defaultLatencyMs = defaultLatencyMs;
    this.latencyMs = defaultLatencyMs;
    this.reset();
  }

  reset(): void {
    this.accounts.clear();
    this.accounts.set(DEMO_KEY, {
      requestLimit: DEMO_CREDITS,
      requestUsed: 0,
      concurrencyLimit: DEMO_CONCURRENCY,
      inFlight: 0,
      peakInFlight: 0,
    });
    this.faults = [];
    this.calls = [];
    this.received = [];
    this.latencyMs = this.defaultLatencyMs;
    this.latencyJitterMs = 0;
    this.costs = defaultCosts();
    this.inbox.reset();
    this.dayZeroAt = Date.now();
    this.driftDays = 0;
  }

  /**
   * The sandbox's day: days since it started plus those the control added. Search answers
   * drift by it (upstream-notes.md: one locale's answers change over days).
   */
  day(now = Date.now()): number {
    return Math.floor((now - this.dayZeroAt) / DAY_MS) + this.driftDays;
  }

  addFault(init: FaultInit): Fault | string {
    if (!FAULT_KINDS.includes(init.kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
    if (
      init.kind === 'status' &&
      !(Number.isInteger(init.status) && init.status! >= 200 && init.status! <= 599)
    ) {
      return 'a status fault needs a status from 200 to 599';
    }
    const fault: Fault = {
      id: this.nextFaultId++,
      endpoint: init.endpoint ?? '*',
      kind: init.kind,
      status: init.status,
      body: init.body,
      contentType: init.contentType,
      headers: init.headers,
      delayMs: init.delayMs ?? (init.kind === 'slow' ? 5_000 : undefined),
      remaining: Math.max(1, Math.floor(init.times ?? 1)),
    };
    this.faults.push(fault);
    return fault;
  }

  /** Takes the first fault that matches the endpoint, counting it down ('*' only if metered). */
  takeFault(endpoint: EndpointId, metered = true): Fault | undefined {
    const fault = this.faults.find(
      (f) => f.endpoint === endpoint || (metered && f.endpoint === '*'),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  /** This request's simulated latency: the set latency plus a random share of the jitter. */
  nextLatencyMs(): number {
    return this.latencyMs + Math.floor(Math.random() * (this.latencyJitterMs + 1));
  }

  /** A request arriving: its parameters without the key; returns when (for its call record). */
  receive(endpoint: string, query: Record<string, string>): string {
    const at = new Date().toISOString();
    const { api_key: _key, ...params } = query;
    this.received.push({ at, endpoint, params });
    if (this.received.length > 500) this.received.splice(0, this.received.length - 500);
    return at;
  }

  record(call: Omit<CallRecord, 'at'>, at = new Date().toISOString()): void {
    this.calls.push({ at, ...call });
    if (this.calls.length > 500) this.calls.splice(0, this.calls.length - 500);
  }

  snapshot() {
    return {
      latencyMs: this.latencyMs,
      latencyJitterMs: this.latencyJitterMs,
      costs: this.costs,
      accounts: Object.fromEntries(
        [...this.accounts].map(([key, a]) => [
          key,
          { ...a, creditsLeft: a.requestLimit - a.requestUsed },
        ]),
      ),
      faults: this.faults,
      calls: this.calls,
      received: this.received,
      day: this.day(),
    };
  }
}
