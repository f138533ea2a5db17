import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY } from '../api/account-key.ts';
import { firstViewPainted } from './first-view.tsx';

/**
 * One QueryClient per app (and per test). After every request that may spend
 * credits, the account is refreshed so the credits pill stays true, and every request is
 * recorded in the history.
 */
export function createQueryClient(): QueryClient {
  const refreshAccount = (spendsCredits: boolean | undefined) => {
    if (spendsCredits) void client.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A batch refreshes the account itself, every few seconds (workspace/batch): after each
      // of its requests, a new account request would cancel the last one, all run long.
      onSettled: (_d, _e, query) =>
        refreshAccount(query.meta?.spendsCredits && query.meta.batch === undefined),
    }),
    mutationCache: new MutationCache({
      onSettled: (_d, _e, _v, _c, mutation) => refreshAccount(mutation.meta?.spendsCredits),
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 0 },
      mutations: { retry: 0 },
    },
  });
  // Every request from every view lands in the history, without any view taking part. The
  // recorder is not needed for a first paint: it loads once a view has painted (decision 022).
  void firstViewPainted
    .then(() => import('../workspace/history/history-recorder.ts'))
    .then(({ recordHistory }) => recordHistory(client));
  return client;
}
