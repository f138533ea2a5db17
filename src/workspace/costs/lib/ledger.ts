import { ENDPOINTS, type EndpointId } from '../../../api/endpoints.ts';
import { bestKnownCost, type SessionUsage, type UsageReading } from '../../../api/session-usage.ts';
import type { CostEstimate } from '../../../lib/cost.ts';
import { formatNumber, pluralCredits } from '../../../lib/format.ts';

/**
 * Totals read from the spend ledger (decision 068), the one record of what this tab sent: every
 * total of credits spent on the account view is computed here, from it, at the cost each
 * endpoint is best known at (published, else measured, else unknown: said so, never 0).
 */

export type LedgerSource = 'views' | 'batches' | 'trackers';

export const sourceOf = (origin: string | null): LedgerSource =>
  origin === null ? 'views' : origin.startsWith('tracker:') ? 'trackers' : 'batches';

export interface EndpointSpend {
  id: EndpointId;
  /** Requests sent. */
  sent: number;
  /** Of them, those that cost credits: answered, or failed with credits spent. */
  paid: number;
  /** Of the paid ones, failures (a charged 404). */
  paidErrors: number;
  /** Failures nobody can say were charged (a timeout, a cancel, a dropped connection). */
  unsure: number;
  cost: CostEstimate;
  /** paid × cost, or null when the cost is unknown. */
  credits: number | null;
}

export interface LedgerTotals {
  endpoints: EndpointSpend[];
  /** Credits of the paid requests whose cost is known. */
  known: number;
  /** Paid requests whose cost is not known. */
  unpriced: number;
  /** Requests whose charge is unknown. */
  unsure: number;
  bySource: Record<LedgerSource, number>;
}

/** The ledger's totals, of the entries from `since` on (all without it). */
export function ledgerTotals(usage: SessionUsage, since = -Infinity): LedgerTotals {
  const rows = new Map<EndpointId, EndpointSpend>();
  const bySource: Record<LedgerSource, number> = { views: 0, batches: 0, trackers: 0 };
  for (const e of usage.requests) {
    if (e.firstAt < since || !Object.hasOwn(ENDPOINTS, e.endpoint)) continue;
    let row = rows.get(e.endpoint);
    if (!row) {
      row = {
        id: e.endpoint,
        sent: 0,
        paid: 0,
        paidErrors: 0,
        unsure: 0,
        cost: bestKnownCost(e.endpoint, usage),
        credits: 0,
      };
      rows.set(e.endpoint, row);
    }
    row.sent += e.count;
    if (e.outcome === 'ok' || e.outcome === 'charged') {
      row.paid += e.count;
      if (e.outcome === 'charged') row.paidErrors += e.count;
      if (row.cost) bySource[sourceOf(e.origin)] += row.cost.credits * e.count;
    }
    if (e.outcome === 'unknown') row.unsure += e.count;
  }
  const endpoints = [...rows.values()].map((r) => ({
    ...r,
    credits: r.cost === null ? null : r.cost.credits * r.paid,
  }));
  return {
    endpoints,
    known: endpoints.reduce((n, r) => n + (r.credits ?? 0), 0),
    unpriced: endpoints.reduce((n, r) => n + (r.credits === null ? r.paid : 0), 0),
    unsure: endpoints.reduce((n, r) => n + r.unsure, 0),
    bySource,
  };
}

export interface Reconciliation {
  /** The account's own counter, at this tab's first and last reading of the plan period. */
  from: number;
  to: number;
  totals: LedgerTotals;
  sentence: string;
  /** Everything the counter moved is explained by the ledger, and nothing more. */
  balanced: boolean;
}

/** The readings of the current plan period (a drop in `requestUsed` is a renewal). */
function periodOf(readings: readonly UsageReading[]): UsageReading[] {
  let period: UsageReading[] = [];
  for (const r of readings) {
    const previous = period.at(-1);
    if (previous && r.requestUsed < previous.requestUsed) period = [];
    period.push(r);
  }
  return period;
}

/**
 * The ledger against the account's own "used" counter over the time this tab watched it: what
 * the ledger explains, and what it does not (and why it may not), in one sentence. Null before
 * the account was read.
 */
export function reconcile(usage: SessionUsage): Reconciliation | null {
  const period = periodOf(usage.readings);
  const first = period[0];
  const last = period.at(-1);
  if (!first || !last) return null;
  const totals = ledgerTotals(usage, first.at);
  const moved = last.requestUsed - first.requestUsed;
  const explained = totals.known;
  const counter = `The account's own counter moved ${pluralCredits(moved)} while this tab watched it (${formatNumber(first.requestUsed)} → ${formatNumber(last.requestUsed)} used)`;
  const reasons = [
    totals.unpriced > 0 &&
      `${formatNumber(totals.unpriced)} paid request${totals.unpriced === 1 ? '' : 's'} of unknown cost`,
    totals.unsure > 0 &&
      `${formatNumber(totals.unsure)} request${totals.unsure === 1 ? '' : 's'} that may or may not have been charged`,
  ].filter((r): r is string => typeof r === 'string');
  let sentence: string;
  if (moved === explained)
    sentence =
      moved === 0
        ? `${counter}; this tab spent nothing.`
        : `${counter}: this tab's requests explain every one of them.`;
  else if (moved > explained)
    sentence = `${counter}; this tab's requests explain ${pluralCredits(explained)}. Not explained: ${pluralCredits(moved - explained)}${reasons.length > 0 ? `, which may be ${reasons.join(' or ')}` : ''}, or requests from another tab, device or program with this key.`;
  else
    sentence = `${counter}, less than the ${pluralCredits(explained)} this tab's requests are counted at: a measured or published cost differs from what the service charged.`;
  return {
    from: first.requestUsed,
    to: last.requestUsed,
    totals,
    sentence,
    balanced: moved === explained,
  };
}
