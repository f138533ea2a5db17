import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Params } from '../../api/params.ts';
import { useSetSearchParam } from '../../components/use-set-search-param.ts';
import { useShowOnReturn } from '../../workspace/request/shown-result.ts';
import { autocompleteQueries } from './queries.ts';
import { useBatchRun } from './use-batch-run.ts';

/**
 * A batch of autocomplete requests whose being on screen is the page URL's (`param=1`: the
 * ladder's `ladder`, the expansion's `expand`): a link, Back/Forward and a demo step (whose
 * recording brings the answers, decisions 081 and 090) show it again from the session cache,
 * sending nothing, when every answer is there; a return whose URL has none hides it (one still
 * running or not cached yet stays). A run marks the URL.
 */
export function useBatchRunInUrl(param: string, list: readonly Params[] | null) {
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const queryClient = useQueryClient();
  const cached = (p: Params) =>
    queryClient.getQueryData(autocompleteQueries.results(p).queryKey) !== undefined;
  const on = searchParams.get(param) === '1';
  const shown = on && list !== null && list.every(cached) ? list : null;
  const run = useBatchRun(list, shown);
  useShowOnReturn(true, () => {
    if (shown) run.runs.show(shown);
    else if (!on) run.runs.show([]);
  });
  return {
    ...run,
    start: () => {
      setViewParam(param, '1');
      return run.start();
    },
  };
}
