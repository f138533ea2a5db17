import { useSyncExternalStore } from 'react';
import { subscribeApiKey } from '../session/key-store.ts';
import type { EndpointId } from './endpoints.ts';
import { webStorage } from '../lib/web-storage.ts';

/** One measured cost: the change in `requestUsed` around one request nothing else overlapped. */
export interface CostSample {
  endpoint: EndpointId;
  credits: number;
  at: number;
}

/** A successful request to a metered endpoint, from the client's own log. */
export interface RequestLogEntry {
  endpoint: EndpointId;
  at: number;
}

/** One account refresh: the numbers behind "credits left over time". */
export interface UsageReading {
  at: number;
  requestUsed: number;
  requestLimit: number | undefined;
}

/**
 * This tab's usage as the client saw it. Kept in sessionStorage (not secret: no key, no
 * parameters), so it survives a reload and dies with the tab. Cost samples describe the
 * service and outlive a change of key; the request log and readings belong to one key.
 */
export interface SessionUsage {
  samples: readonly CostSample[];
  requests: readonly RequestLogEntry[];
  readings: readonly UsageReading[];
}

const STORAGE_KEY = 'web-data-dashboard.session-usage';
const LIMITS = { samples: 200, requests: 1_000, readings: 500 } as const;
const EMPTY: SessionUsage = { samples: [], requests: [], readings: [] };

const listeners = new Set<() => void>();
const EMPTY_RAW = JSON.stringify(EMPTY);
let memory = EMPTY_RAW;
let cached: { raw: string; value: SessionUsage } = { raw: memory, value: EMPTY };

const storage = () => webStorage('session');

const arrayOf = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Reads what was stored leniently: anything malformed is dropped, never a crash. */
function parse(raw: string): SessionUsage {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return EMPTY;
  }
  if (typeof value !== 'object' || value === null) return EMPTY;
  const entries = (key: string) =>
    arrayOf(value[key]).filter(
      (e): e is Record<string, unknown> => typeof e === 'object' && e !== null,
    );
  return {
    samples: entries('samples')
      .filter((e) => typeof e.endpoint === 'string' && isNumber(e.credits) && isNumber(e.at))
      .map((e) => ({
        endpoint: e.endpoint as EndpointId,
        credits: e.credits as number,
        at: e.at as number,
      })),
    requests: entries('requests')
      .filter((e) => typeof e.endpoint === 'string' && isNumber(e.at))
      .map((e) => ({ endpoint: e.endpoint as EndpointId, at: e.at as number })),
    readings: entries('readings')
      .filter((e) => isNumber(e.at) && isNumber(e.requestUsed))
      .map((e) => ({
        at: e.at as number,
        requestUsed: e.requestUsed as number,
        requestLimit: isNumber(e.requestLimit) ? e.requestLimit : undefined,
      })),
  };
}

/** This tab's usage now; the same object until it changes (a stable store snapshot). */
export function getSessionUsage(): SessionUsage {
  const s = storage();
  // Storage is the truth when there is one (it may be cleared from outside, e.g. between tests).
  const raw = s ? (s.getItem(STORAGE_KEY) ?? EMPTY_RAW) : memory;
  if (raw !== cached.raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

function update(change: (usage: SessionUsage) => SessionUsage): void {
  const next = change(getSessionUsage());
  const raw = JSON.stringify({
    samples: next.samples.slice(-LIMITS.samples),
    requests: next.requests.slice(-LIMITS.requests),
    readings: next.readings.slice(-LIMITS.readings),
  });
  memory = raw;
  try {
    // Nothing to keep leaves nothing behind (clearing the key leaves the tab's storage empty).
    if (raw === EMPTY_RAW) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, raw);
  } catch {
    // A full or disabled storage keeps the usage for this page only.
  }
  listeners.forEach((l) => l());
}

export function recordCostSample(endpoint: EndpointId, credits: number): void {
  update((u) => ({ ...u, samples: [...u.samples, { endpoint, credits, at: Date.now() }] }));
}

export function recordRequest(endpoint: EndpointId): void {
  update((u) => ({ ...u, requests: [...u.requests, { endpoint, at: Date.now() }] }));
}

export function recordReading(requestUsed: number, requestLimit: number | undefined): void {
  update((u) => ({
    ...u,
    readings: [...u.readings, { at: Date.now(), requestUsed, requestLimit }],
  }));
}

/** Forgets every measured cost (the account view's "Reset measured costs"). */
export function resetMeasuredCosts(): void {
  update((u) => ({ ...u, samples: [] }));
}

export function subscribeSessionUsage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUsage(): SessionUsage {
  return useSyncExternalStore(subscribeSessionUsage, getSessionUsage, () => EMPTY);
}

// Another key is another account: its log and readings start afresh (costs stay).
subscribeApiKey(() => {
  const { requests, readings } = getSessionUsage();
  if (requests.length > 0 || readings.length > 0)
    update((u) => ({ ...u, requests: [], readings: [] }));
});
