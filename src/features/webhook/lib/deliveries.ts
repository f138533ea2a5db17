import type { WebhookJob } from './jobs-store.ts';

/** A delivery as the sandbox inbox reports it (the live payload's shape is not documented). */
export interface Delivery {
  sid: string;
  submittedAt: string;
  deliveredAt: string;
  latencyMs: number;
  payload: unknown;
}

/** Reads the inbox leniently: an entry without a sid cannot be matched and is left out. */
export function parseInbox(value: unknown): Delivery[] {
  const list = (value as { deliveries?: unknown } | null)?.deliveries;
  if (!Array.isArray(list)) return [];
  return list.flatMap((d): Delivery[] => {
    const entry = d as Partial<Delivery> | null;
    if (!entry || typeof entry.sid !== 'string') return [];
    return [
      {
        sid: entry.sid,
        submittedAt: String(entry.submittedAt ?? ''),
        deliveredAt: String(entry.deliveredAt ?? ''),
        latencyMs: typeof entry.latencyMs === 'number' ? entry.latencyMs : NaN,
        payload: entry.payload,
      },
    ];
  });
}

export interface MatchedDelivery extends Delivery {
  job: WebhookJob | undefined;
}

/** Each delivery with the job it belongs to (by sid), newest first. */
export function matchDeliveries(
  deliveries: readonly Delivery[],
  jobs: readonly WebhookJob[],
): MatchedDelivery[] {
  const bySid = new Map(jobs.map((j) => [j.sid, j]));
  return deliveries.map((d) => ({ ...d, job: bySid.get(d.sid) })).reverse();
}

/** Jobs of this browser that no delivery has reached yet. */
export function awaitingDelivery(
  jobs: readonly WebhookJob[],
  deliveries: readonly Delivery[],
): WebhookJob[] {
  const delivered = new Set(deliveries.map((d) => d.sid));
  return jobs.filter((j) => !delivered.has(j.sid));
}
