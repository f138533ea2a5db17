import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useConcurrencyLimit } from '../workspace/costs/use-account.ts';
import { useApiKey } from '../session/use-api-key.ts';

/** Requests this tab has in flight against the plan's concurrency cap. */
export function ConcurrencyIndicator() {
  const apiKey = useApiKey();
  const running =
    useIsFetching({ predicate: (q) => q.meta?.spendsCredits === true }) +
    useIsMutating({ predicate: (m) => m.meta?.spendsCredits === true });
  const limit = useConcurrencyLimit();
  if (!apiKey) return null;
  const full = limit !== undefined && running >= limit;
  return (
    <span
      data-testid="concurrency"
      title="Requests running from this tab, against your plan's concurrent-request limit"
      className={`rounded-full px-2 py-0.5 text-sm sm:px-3 whitespace-nowrap tabular-nums ${full ? 'bg-amber-200 text-amber-950' : 'bg-slate-100 dark:bg-slate-800'}`}
    >
      {running} / {limit ?? '?'}
      {/* Said on a phone too, where the header has no room to show it. */}
      <span className="sr-only sm:not-sr-only"> running</span>
    </span>
  );
}
