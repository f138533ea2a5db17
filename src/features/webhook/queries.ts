import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../../api/side-fetch.ts';
import { parseInbox, type Delivery } from './lib/deliveries.ts';

/** How often the sandbox inbox is read while a job waits for its delivery. */
export const INBOX_POLL_MS = 1_000;

export const webhookQueries = {
  /**
   * The sandbox's delivery inbox (sandbox mode only: the live service delivers to the
   * owner's own webhook, which this dashboard never sees). Free and keyless.
   */
  inbox: () =>
    queryOptions({
      queryKey: ['webhook', 'sandbox-inbox'] as const,
      queryFn: async ({ signal }): Promise<Delivery[]> =>
        parseInbox(await fetchJson('/api/_sandbox/inbox', signal)),
      staleTime: 0,
      retry: 1,
    }),
};
