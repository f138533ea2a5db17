import type { ResponseMeta } from '../../../api/client.ts';
import { ENDPOINTS } from '../../../api/endpoints.ts';
import { costLabel } from '../../../lib/cost.ts';
import { formatDuration, formatNumber } from '../../../lib/format.ts';

/** "10 results · 312 ms · 20 credits" (or "0 credits (cached)"). */
export function ResultsHeader({
  count,
  meta,
  fromCache,
}: {
  count: number;
  meta: ResponseMeta;
  fromCache: boolean;
}) {
  return (
    <h2 className="text-sm font-medium" data-testid="results-header">
      {formatNumber(count)} result{count === 1 ? '' : 's'} · {formatDuration(meta.durationMs)} ·{' '}
      {fromCache ? '0 credits (cached)' : costLabel(ENDPOINTS.search.cost)}
    </h2>
  );
}
