import type { Delivery, InboxNotice, SandboxInbox } from '../../../api/sandbox-inbox.ts';
import { isRecord } from '../../../lib/is-record.ts';
import type { WebhookJob } from './jobs-store.ts';

export interface MatchedDelivery extends Delivery {
  job: WebhookJob | undefined;
}

/** What a notice is about, in a line: a tracker's alerts are named, anything else is generic. */
function noticeSummary(payload: unknown): string {
  if (isRecord(payload) && payload.kind === 'tracker-alerts') {
    const count = Array.isArray(payload.alerts) ? payload.alerts.length : 0;
    const name = typeof payload.tracker === 'string' ? `“${payload.tracker}”` : 'a tracker';
    return `${count} alert${count === 1 ? '' : 's'} of tracker ${name}`;
  }
  return 'a notice of this dashboard';
}

/** One line of the inbox: a job's delivery, or a notice the dashboard posted (a tracker alert). */
export type InboxEntry =
  | ({ kind: 'delivery'; at: string } & MatchedDelivery)
  | ({ kind: 'notice'; at: string; summary: string } & InboxNotice);

/** Deliveries (each with the job it belongs to, by sid) and notices together, newest first. */
export function inboxEntries(inbox: SandboxInbox, jobs: readonly WebhookJob[]): InboxEntry[] {
  const bySid = new Map(jobs.map((j) => [j.sid, j]));
  const entries: InboxEntry[] = [
    ...inbox.deliveries.map((d): InboxEntry => ({
      kind: 'delivery',
      at: d.deliveredAt,
      ...d,
      job: bySid.get(d.sid),
    })),
    ...inbox.notices.map((n): InboxEntry => ({
      kind: 'notice',
      at: n.receivedAt,
      ...n,
      summary: noticeSummary(n.payload),
    })),
  ];
  // Each list arrives oldest first; a stable sort keeps that order among equal times.
  return entries
    .map((entry, i) => ({ entry, i, t: Date.parse(entry.at) || 0 }))
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .map(({ entry }) => entry);
}

/** Jobs of this browser that no delivery has reached yet. */
export function awaitingDelivery(
  jobs: readonly WebhookJob[],
  deliveries: readonly Delivery[],
): WebhookJob[] {
  const delivered = new Set(deliveries.map((d) => d.sid));
  return jobs.filter((j) => !delivered.has(j.sid));
}
