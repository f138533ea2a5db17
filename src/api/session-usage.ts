import { createStoredStore, flushStoredStores } from '../lib/store.ts';
import { getApiKey, subscribeApiKey } from '../session/key-store.ts';
import type { CostEstimate } from '../lib/cost.ts';
import { ENDPOINTS, type EndpointId } from './endpoints.ts';
import { isRecord } from '../lib/is-record.ts';

/** One measured cost: the change in `requestUsed` around one request nothing else overlapped. */
export interface CostSample {
  endpoint: EndpointId;
  credits: number;
  at: number;
}

/**
 * How a sent request ended, as far as its cost goes: answered (`ok`), failed with credits spent
 * (`charged`: a 404 for a wrong target URL), failed without (`free`), or failed and nobody can
 * say (`unknown`: a timeout, a dropped connection, a cancel).
 */
export type LedgerOutcome = 'ok' | 'charged' | 'free' | 'unknown';

/**
 * Who sent it: a view (null), a batch (its id) or a tracker's run (`tracker:<id>`), as the
 * request's query says (`meta.batch`).
 */
export type LedgerOrigin = string | null;

/**
 * The spend ledger (decision 068): every metered request this tab sent, in runs of the same
 * endpoint, outcome and origin (a batch of a thousand cells is an entry or a few, not a thousand).
 * Every total of credits spent is read from it.
 */
export interface RequestLogEntry {
  endpoint: EndpointId;
  outcome: LedgerOutcome;
  origin: LedgerOrigin;
  count: number;
  /** When the first and the last request of the run settled. */
  firstAt: number;
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

const LIMITS = { samples: 200, requests: 2_000, readings: 500 } as const;
const OUTCOMES: readonly string[] = ['ok', 'charged', 'free', 'unknown'] satisfies LedgerOutcome[];
const EMPTY: SessionUsage = { samples: [], requests: [], readings: [] };

const arrayOf = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Reads what was stored leniently: anything malformed is dropped, never a crash. */
function parse(text: string | null): SessionUsage {
  const value: unknown = text === null ? null : JSON.parse(text);
  if (!isRecord(value)) return EMPTY;
  const entries = (key: string) => arrayOf(value[key]).filter(isRecord);
  return {
    samples: entries('samples')
      .filter((e) => typeof e.endpoint === 'string' && isNumber(e.credits) && isNumber(e.at))
      .map((e) => ({
        endpoint: e.endpoint as EndpointId,
        credits: e.credits as number,
        at: e.at as number,
      })),
    // An entry of an older version (an answered request, one by one) reads as one answered.
    requests: entries('requests')
      .filter((e) => typeof e.endpoint === 'string' && isNumber(e.at))
      .map((e) => ({
        endpoint: e.endpoint as EndpointId,
        outcome: OUTCOMES.includes(e.outcome as string) ? (e.outcome as LedgerOutcome) : 'ok',
        origin: typeof e.origin === 'string' ? e.origin : null,
        count: isNumber(e.count) && e.count >= 1 ? Math.floor(e.count) : 1,
        firstAt: isNumber(e.firstAt) ? e.firstAt : (e.at as number),
        at: e.at as number,
      })),
    readings: entries('readings')
      .filter((e) => isNumber(e.at) && isNumber(e.requestUsed))
      .map((e) => ({
        at: e.at as number,
        requestUsed: e.requestUsed as number,
        requestLimit: isNumber(e.requestLimit) ? e.requestLimit : undefined,
      })),
  };
}

export const sessionUsageStore = createStoredStore<SessionUsage>({
  storage: 'session',
  key: 'web-data-dashboard.session-usage',
  parse,
  serialize: (usage) =>
    usage.samples.length + usage.requests.length + usage.readings.length === 0
      ? // Nothing to keep leaves nothing behind (clearing the key leaves the tab's storage empty).
        null
      : JSON.stringify(usage),
  // The log grows by a request each time (a batch sends a thousand): its 50 kB of text written
  // on each one took 0.7 ms and left as much garbage. Written once a second, and when the page
  // is hidden, it loses nothing a reload would see.
  writeEveryMs: 1000,
});

/** This tab's usage now; the same object until it changes (a stable store snapshot). */
export const getSessionUsage = sessionUsageStore.get;

const newest = <T>(list: readonly T[], count: number) =>
  list.length > count ? list.slice(-count) : list;

/** Each list keeps its newest entries only. */
const update = (change: (usage: SessionUsage) => SessionUsage) => {
  const next = change(sessionUsageStore.get());
  sessionUsageStore.set({
    samples: newest(next.samples, LIMITS.samples),
    requests: newest(next.requests, LIMITS.requests),
    readings: newest(next.readings, LIMITS.readings),
  });
};

export function recordCostSample(endpoint: EndpointId, credits: number): void {
  update((u) => ({ ...u, samples: [...u.samples, { endpoint, credits, at: Date.now() }] }));
}

/** Enters a settled request in the ledger: it extends the last entry when that is the same kind. */
export function recordRequest(
  endpoint: EndpointId,
  outcome: LedgerOutcome = 'ok',
  origin: LedgerOrigin = null,
): void {
  const at = Date.now();
  update((u) => {
    const last = u.requests.at(-1);
    if (last && last.endpoint === endpoint && last.outcome === outcome && last.origin === origin)
      return {
        ...u,
        requests: [...u.requests.slice(0, -1), { ...last, count: last.count + 1, at }],
      };
    return {
      ...u,
      requests: [...u.requests, { endpoint, outcome, origin, count: 1, firstAt: at, at }],
    };
  });
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

/** What the client measured for one endpoint: the latest sample and how many samples agree with it. */
export interface MeasuredCost {
  latest: number;
  samples: number;
  agreeing: number;
  at: number;
}

export function measuredCostOf(usage: SessionUsage, id: EndpointId): MeasuredCost | null {
  const samples = usage.samples.filter((s) => s.endpoint === id);
  const last = samples.at(-1);
  if (!last) return null;
  return {
    latest: last.credits,
    samples: samples.length,
    agreeing: samples.filter((s) => s.credits === last.credits).length,
    at: last.at,
  };
}

// Another key is another account: its log and readings start afresh (costs stay). A cleared
// key forgets the costs too (Clear key forgets everything stored): emptied in the store, not only
// in sessionStorage, or the store's next write-behind would put them back.
subscribeApiKey(() => {
  const { samples, requests, readings } = getSessionUsage();
  const cleared = getApiKey() === null;
  if (requests.length > 0 || readings.length > 0 || (cleared && samples.length > 0))
    update((u) => ({ samples: cleared ? [] : u.samples, requests: [], readings: [] }));
  // Forgotten now, not at the next write-behind.
  if (cleared) flushStoredStores();
});

/**
 * The cost of one request to endpoint `id` as best known: the published cost when the
 * interface gives one, else the latest measured cost, else null ("unknown cost", never free).
 * A measurement that contradicts a published cost is shown as a warning on the account
 * view, not used here: the published cost is what the service promises.
 */
export function bestKnownCost(
  id: EndpointId,
  usage: SessionUsage = getSessionUsage(),
): CostEstimate {
  const published: number | null = ENDPOINTS[id].cost;
  if (published !== null) return { credits: published, basis: 'published' };
  const measured = measuredCostOf(usage, id);
  return measured ? { credits: measured.latest, basis: 'measured' } : null;
}
