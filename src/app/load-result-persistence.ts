import type { QueryClient } from '@tanstack/react-query';
import { existingResultsTabId } from '../session/results-tab-id.ts';
import { firstViewPainted } from './first-view.tsx';
import type { ResultPersistence } from './result-persistence.ts';

/**
 * The result persistence with its code (IndexedDB, the TanStack persister, size accounting)
 * loaded after the first view has painted, not before (decision 022). Its `restored` never fails:
 * if the code cannot load (offline after a deploy), the app runs without persistence.
 */
export function loadResultPersistence(queryClient: QueryClient): ResultPersistence {
  const hasStored = existingResultsTabId() !== null;
  // A tab with results waits for them; otherwise nothing is needed before a view has loaded.
  const loading = (hasStored ? Promise.resolve() : firstViewPainted)
    .then(() => import('./result-persistence.ts'))
    .then(
      ({ createResultPersistence }) => createResultPersistence(queryClient),
      () => null,
    );
  return {
    hasStored,
    restored: loading.then((p) => p?.restored),
    start: () => {
      let stop: (() => void) | undefined;
      let stopped = false;
      void loading.then((p) => {
        if (!stopped) stop = p?.start();
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
    drop: () => loading.then((p) => p?.drop()),
    flush: () => loading.then((p) => p?.flush()),
  };
}
