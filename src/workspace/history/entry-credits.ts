import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import { bestKnownCost, type SessionUsage } from '../../api/session-usage.ts';
import { formatNumber, pluralCredits } from '../../lib/format.ts';
import type { HistoryEntry } from './history-store.ts';

/**
 * What an entry spent as best known (decision 068): its recorded credits, else, for a request
 * known to be paid (an answer, a charged 404), the endpoint's measured cost; else unknown.
 */
export interface EntryCredits {
  credits: number | null;
  measured: boolean;
  /** Known to be paid, at a cost nobody knows yet. */
  paidUnknown: boolean;
}

export function entryCredits(entry: HistoryEntry, usage: SessionUsage): EntryCredits {
  if (entry.credits !== null)
    return { credits: entry.credits, measured: false, paidUnknown: false };
  const paid = entry.charged === 'yes' || (entry.charged === undefined && entry.status === 'ok');
  if (!paid || !Object.hasOwn(ENDPOINTS, entry.endpoint))
    return { credits: null, measured: false, paidUnknown: false };
  const cost = bestKnownCost(entry.endpoint as EndpointId, usage);
  return cost === null
    ? { credits: null, measured: false, paidUnknown: true }
    : { credits: cost.credits, measured: cost.basis === 'measured', paidUnknown: false };
}

/** "20 credits", "≈ 10 credits (measured)", "credits spent, cost unknown", "credits unknown". */
export function entryCreditsText(c: EntryCredits): string {
  if (c.credits !== null)
    return c.measured ? `≈ ${pluralCredits(c.credits)} (measured)` : pluralCredits(c.credits);
  return c.paidUnknown ? 'credits spent, cost unknown' : 'credits unknown';
}

/** The list's total: "1,230 credits" ("≈" when a measured cost is in it), and what it leaves out. */
export function totalText(entries: readonly HistoryEntry[], usage: SessionUsage): string {
  let total = 0;
  let measured = false;
  let unknown = 0;
  for (const e of entries) {
    const c = entryCredits(e, usage);
    if (c.credits === null) unknown += 1;
    else total += c.credits;
    measured ||= c.measured;
  }
  return (
    `${measured ? '≈ ' : ''}${pluralCredits(total)}` +
    (unknown > 0 ? ` + ${formatNumber(unknown)} of unknown cost` : '')
  );
}
