import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { abortAllRequests } from '../api/in-flight.ts';
import { getApiKey, subscribeApiKey } from '../session/key-store.ts';
import { clearResults } from '../session/results-cleared.ts';
import { forgetOnClear } from './forget-on-clear.ts';
import type { ResultPersistence } from './result-persistence.ts';

/**
 * Providers for the whole app. A new or cleared key empties the cache: nothing fetched with
 * one key shows under another. With `persistence`, the views of a tab that stored results
 * render once those are back (so a view shows them at once), and a new key drops them too.
 * `restored` says the caller already waited for `persistence.restored` (main.tsx does, so
 * the first render replaces a prerendered page with the view, not with nothing).
 */
export function AppProvider({
  queryClient,
  persistence,
  restored: restoredBefore = false,
  children,
}: {
  queryClient: QueryClient;
  persistence?: ResultPersistence;
  restored?: boolean;
  children: ReactNode;
}) {
  // Only a tab that stored results waits for them; a first visit paints at once.
  const [restored, setRestored] = useState(restoredBefore || !persistence?.hasStored);
  useEffect(() => {
    if (!persistence) return;
    let stop: (() => void) | undefined;
    let active = true;
    void persistence.restored.then(() => {
      if (!active) return;
      setRestored(true);
      stop = persistence.start();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [persistence]);
  useEffect(forgetOnClear, []);
  useEffect(
    () =>
      subscribeApiKey(() => {
        // Answers to requests still in flight belong to the old key: stop them, then forget everything.
        abortAllRequests();
        if (getApiKey() === null) clearResults();
        void persistence?.drop();
        queryClient.clear();
      }),
    [queryClient, persistence],
  );
  return (
    <QueryClientProvider client={queryClient}>{restored ? children : null}</QueryClientProvider>
  );
}
