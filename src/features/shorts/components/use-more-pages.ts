import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ENDPOINTS } from '../../../api/endpoints.ts';
import { pickParams, type Params } from '../../../api/params.ts';
import type { JsonResult } from '../../../api/requests.ts';
import type { ShortsResponse } from '../../../api/schemas.ts';
import { useEndpointRuns } from '../../../components/use-endpoint-runs.ts';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';
import { useShowOnReturn } from '../../../workspace/request/shown-result.ts';
import { continuedPages, MORE_PARAM, videoCount } from '../../../api/shorts-pages.ts';
import { shortsQueries } from '../queries.ts';

const SPEC = ENDPOINTS.shorts;

/**
 * The pages "Load more" appended, whose count is the page URL's (`more`): a link, Back/Forward
 * and a demo step (whose recording brings their answers, `also`) show them again from the
 * session cache, sending nothing; a return whose URL has none hides them. Each click marks the
 * URL with the pages it asks for (one that fails leaves the URL one ahead, as a ladder's does).
 */
export function useMorePages() {
  const [searchParams] = useSearchParams();
  const setViewParam = useSetSearchParam();
  const queryClient = useQueryClient();
  const asked = Number(searchParams.get(MORE_PARAM)) || 0;
  const countOf = (p: Params) =>
    videoCount(
      queryClient.getQueryData<JsonResult<ShortsResponse>>(shortsQueries.results(p).queryKey),
    );
  // The pages of the request the URL describes, as far as the cache holds them.
  const kept =
    asked > 0
      ? continuedPages(pickParams(SPEC, Object.fromEntries(searchParams)), asked, countOf)
      : [];
  const more = useEndpointRuns(SPEC, shortsQueries.results, kept.length > 0 ? kept : null);
  useShowOnReturn(true, () => more.show(kept));
  return {
    ...more,
    /** Loads `list` (the pages on screen and the next one), the URL counting them. */
    load: (list: readonly Params[]) => {
      if (more.run(list)) setViewParam(MORE_PARAM, String(list.length));
    },
  };
}
