import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { abortAllRequests } from '../api/in-flight.ts';
import { subscribeApiKey } from '../session/key-store.ts';

/** Providers for the whole app. A new or cleared key empties the cache: nothing fetched with one key shows under another. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useEffect(
    () =>
      subscribeApiKey(() => {
        // Answers to requests still in flight belong to the old key: stop them, then forget everything.
        abortAllRequests();
        queryClient.clear();
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
