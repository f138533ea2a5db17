import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountQueries } from '../../api/account-queries.ts';
import { toAccountSummary } from '../../api/account.ts';
import { getApiKey } from '../../session/key-store.ts';
import { batchConcurrency } from '../runs/lib/pricing.ts';
import { trackerSession } from './tracker-session.ts';

/** How often an open tab checks whether a tracker's run is due. */
const CHECK_MS = 60_000;
const LOCK = 'web-data-dashboard.trackers';

const holders = new WeakMap<
  QueryClient,
  { count: number; timer: ReturnType<typeof setInterval> }
>();

/**
 * Checks the trackers' schedules while this tab is open: now, then every minute, for as long
 * as something holds it (the app shell, the Trackers view). One tab at a time (a Web Lock), so
 * two open tabs never run the same slot twice; the slot is read again from storage inside it.
 */
export function holdTrackerSchedule(queryClient: QueryClient): () => void {
  const held = holders.get(queryClient);
  if (held) {
    held.count += 1;
    return () => release(queryClient);
  }
  const session = trackerSession(queryClient);
  const check = async () => {
    if (!getApiKey()) return;
    const account = queryClient.getQueryData(accountQueries.details().queryKey);
    const summary = account && toAccountSummary(account.data);
    try {
      await session.checkSchedule(batchConcurrency(summary?.concurrencyLimit));
    } catch {
      // The browser refuses IndexedDB (private mode, a full disk): nothing due can be read or
      // recorded; the Trackers view says why, and the next check tries again.
    }
  };
  const tick = () => {
    if (typeof navigator !== 'undefined' && 'locks' in navigator)
      void navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
        if (lock) await check();
      });
    else void check();
  };
  tick();
  holders.set(queryClient, { count: 1, timer: setInterval(tick, CHECK_MS) });
  return () => release(queryClient);
}

function release(queryClient: QueryClient) {
  const held = holders.get(queryClient);
  if (!held || --held.count > 0) return;
  clearInterval(held.timer);
  holders.delete(queryClient);
}

/** Loaded by the app shell only when a tracker has a cadence. */
export default function TrackerSchedule() {
  const queryClient = useQueryClient();
  useEffect(() => holdTrackerSchedule(queryClient), [queryClient]);
  return null;
}
