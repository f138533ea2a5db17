import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from './side-fetch.ts';

/**
 * The sandbox's stand-in for the owner's webhook endpoint (sandbox mode only: live, the
 * service delivers to the owner's own webhook, which this dashboard never sees). Two kinds of
 * post arrive there: the webhook jobs' deliveries, and the notices the dashboard itself sends
 * (a tracker's alerts). The webhook view lists both; the trackers view counts its notices.
 */
export const SANDBOX_INBOX_URL = '/api/_sandbox/inbox';

/** A delivery as the sandbox inbox reports it (the live payload's shape is not documented). */
export interface Delivery {
  sid: string;
  submittedAt: string;
  deliveredAt: string;
  latencyMs: number;
  payload: unknown;
}

/** A notice the dashboard posted (a tracker's alerts), as the owner's endpoint would get it. */
export interface InboxNotice {
  receivedAt: string;
  payload: unknown;
}

export interface SandboxInbox {
  deliveries: Delivery[];
  notices: InboxNotice[];
}

const listOf = (value: unknown, key: string): unknown[] => {
  const list = (value as Record<string, unknown> | null)?.[key];
  return Array.isArray(list) ? list : [];
};

/**
 * Reads the inbox leniently: a delivery without a sid cannot be matched to its job and a
 * notice without a payload says nothing, so both are left out; an odd inbox reads as empty.
 */
export function parseInbox(value: unknown): SandboxInbox {
  const deliveries = listOf(value, 'deliveries').flatMap((d): Delivery[] => {
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
  const notices = listOf(value, 'notices').flatMap((n): InboxNotice[] => {
    const entry = n as Partial<InboxNotice> | null;
    if (!entry || entry.payload === undefined) return [];
    return [{ receivedAt: String(entry.receivedAt ?? ''), payload: entry.payload }];
  });
  return { deliveries, notices };
}

export const sandboxInboxQueries = {
  /** Free and keyless; read again after the dashboard posts a notice (invalidated there). */
  current: () =>
    queryOptions({
      queryKey: ['sandbox', 'inbox'] as const,
      queryFn: async ({ signal }): Promise<SandboxInbox> =>
        parseInbox(await fetchJson(SANDBOX_INBOX_URL, signal)),
      staleTime: 0,
      retry: 1,
    }),
};

/** Posts a notice (a JSON object) to the sandbox's inbox, as the owner's endpoint would get it. */
export async function postSandboxNotice(notice: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${SANDBOX_INBOX_URL}/notices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(notice),
  });
  if (!res.ok) throw new Error(`The sandbox refused the notice (HTTP ${res.status}).`);
}
