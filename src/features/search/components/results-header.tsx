import type { ResponseMeta } from '../../../api/client.ts';
import { formatDuration, pluralCredits } from '../../../lib/format.ts';

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
      {count} result{count === 1 ? '' : 's'} · {formatDuration(meta.durationMs)} ·{' '}
      {fromCache ? '0 credits (cached)' : pluralCredits(20)}
    </h2>
  );
}
