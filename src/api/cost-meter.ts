import { subscribeApiKey } from '../session/key-store.ts';
import type { AccountResponse } from './schemas.ts';
import { ENDPOINTS, type EndpointId } from './endpoints.ts';
import {
  getSessionUsage,
  measuredCostOf,
  recordCostSample,
  recordReading,
  recordRequest,
  type LedgerOrigin,
} from './session-usage.ts';

/**
 * Measures what requests cost from the account's own counter. Around a request that nothing
 * else overlapped, `requestUsed` before (the last account reading taken while nothing ran)
 * and after (the first reading that started after it settled, while nothing ran) differ by
 * its cost. Any overlap, failure or doubt discards the sample: a wrong cost is worse than
 * "unknown cost". The app refreshes the account after every metered request
 * (app/query-client.ts), which supplies the "after" reading.
 *
 * `epoch` counts starts and ends of metered requests: a reading is clean when it started and
 * ended in the same epoch with nothing in flight.
 */
interface Probe {
  id: EndpointId;
  before: number | undefined;
  overlapped: boolean;
}

let epoch = 0;
const inFlight = new Set<Probe>();
let baseline: { requestUsed: number; epoch: number } | null = null;
let awaitingReading: { id: EndpointId; before: number; epoch: number } | null = null;
/** Counts key changes: an answer that comes back under another key (or none) is not this key's. */
let keyGeneration = 0;

export interface RequestWatch {
  succeeded(result: unknown): void;
  /** `charged`: what the failure says of its cost (ApiError's `charged`); unknown without one. */
  failed(charged?: 'yes' | 'no' | 'unknown'): void;
  /** It never left (held while a demo plays): nothing to measure, nothing for the ledger. */
  notSent(): void;
}

const NOTHING: RequestWatch = {
  succeeded: () => undefined,
  failed: () => undefined,
  notSent: () => undefined,
};

function watchReading(): RequestWatch {
  const startEpoch = epoch;
  const startKey = keyGeneration;
  const clean = inFlight.size === 0;
  return {
    succeeded(result) {
      // The key changed or was cleared meanwhile: the old account's figure is not kept.
      if (keyGeneration !== startKey) return;
      const account = (result as { data?: AccountResponse }).data;
      const used = account?.requestUsed;
      if (used === undefined) return;
      recordReading(used, account?.requestLimit);
      if (!clean || epoch !== startEpoch) return;
      if (awaitingReading?.epoch === startEpoch) {
        const credits = used - awaitingReading.before;
        // A negative change is a renewal or a reset, not a cost.
        if (credits >= 0) recordCostSample(awaitingReading.id, credits);
        awaitingReading = null;
      } else if (baseline?.epoch === startEpoch && used >= baseline.requestUsed) {
        // Two readings with nothing between them: what the counter moved is a reading's own cost
        // (the overview and the key check call it free only once it is measured so).
        // Refreshes are frequent: a few agreeing samples are enough, more would push out the others.
        const credits = used - baseline.requestUsed;
        const known = measuredCostOf(getSessionUsage(), 'account');
        if (!known || known.latest !== credits || known.samples < 3)
          recordCostSample('account', credits);
      }
      baseline = { requestUsed: used, epoch };
    },
    failed: () => undefined,
    notSent: () => undefined,
  };
}

function watchMetered(id: EndpointId, origin: LedgerOrigin): RequestWatch {
  const probe: Probe = {
    id,
    before: inFlight.size === 0 && baseline?.epoch === epoch ? baseline.requestUsed : undefined,
    overlapped: inFlight.size > 0,
  };
  for (const other of inFlight) other.overlapped = true;
  const startKey = keyGeneration;
  // A request still waiting for its "after" reading would now be charged together with this one.
  awaitingReading = null;
  epoch += 1;
  inFlight.add(probe);
  const settle = () => {
    inFlight.delete(probe);
    epoch += 1;
  };
  return {
    succeeded() {
      settle();
      // Sent under a key since changed or cleared: that account's ledger is gone.
      if (keyGeneration !== startKey) return;
      recordRequest(id, 'ok', origin);
      if (!probe.overlapped && probe.before !== undefined)
        awaitingReading = { id, before: probe.before, epoch };
    },
    notSent: settle,
    failed(charged = 'unknown') {
      settle();
      if (keyGeneration !== startKey) return;
      // Every request sent is in the ledger, paid errors among them (decision 068).
      recordRequest(
        id,
        charged === 'yes' ? 'charged' : charged === 'no' ? 'free' : 'unknown',
        origin,
      );
    },
  };
}

/**
 * Called by `requestEndpoint` for every request: metered ones and account readings. `origin`:
 * who sent it, for the ledger (a batch's or a tracker run's mark; null for a view).
 */
export function watchRequest(id: EndpointId, origin: LedgerOrigin = null): RequestWatch {
  if (id === 'account') return watchReading();
  return ENDPOINTS[id].metered ? watchMetered(id, origin) : NOTHING;
}

/** Forgets what is known about requests in flight and the last reading (a key change, a test's end). */
export function forgetRequests(): void {
  for (const probe of inFlight) probe.overlapped = true;
  baseline = null;
  awaitingReading = null;
  epoch += 1;
}

// Another key is another account: its counter must not be diffed against the old one's. The
// meter listens itself (not the key change handler in the app), so it loads with the first
// request instead of with the page.
subscribeApiKey(() => {
  keyGeneration += 1;
  forgetRequests();
});
