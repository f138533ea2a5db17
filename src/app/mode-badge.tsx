import { useQuery } from '@tanstack/react-query';
import { metaQueries } from '../api/meta-queries.ts';

/** SANDBOX or LIVE, always visible, so a demo never passes sandbox data off as real. */
export function ModeBadge() {
  const { data, isError } = useQuery(metaQueries.current());
  if (isError)
    return (
      <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900">
        API server unreachable
      </span>
    );
  if (!data) return null;
  if (data.mode === 'sandbox') {
    return (
      <span
        title="Answers come from the built-in sandbox: fake, deterministic data"
        className="rounded bg-amber-200 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-950"
      >
        SANDBOX
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1 text-xs">
      <span className="rounded bg-emerald-700 px-2 py-0.5 font-bold tracking-wide text-white">
        LIVE
      </span>
      <span className="text-slate-600 dark:text-slate-400" data-testid="upstream-host">
        {data.upstreamHost}
      </span>
    </span>
  );
}
