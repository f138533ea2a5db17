import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { metaQueries } from '../api/meta-queries.ts';

// The sandbox's controls load when first opened; live mode never has them.
const SandboxPanel = lazy(() => import('./sandbox-panel.tsx'));

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
  if (data.mode === 'sandbox') return <SandboxBadge />;
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

/**
 * The SANDBOX badge opens the sandbox's controls (faults, latency, credits): a presenter shows
 * an error state without a terminal. Live, there is nothing of the kind to open.
 */
function SandboxBadge() {
  const [open, setOpen] = useState(false);
  return (
    <details className="relative" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        title="Answers come from the built-in sandbox: fake, deterministic data"
        className="cursor-pointer list-none rounded bg-amber-200 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-950"
      >
        <span>SANDBOX</span>
        <span className="sr-only"> controls</span> <span aria-hidden="true">▾</span>
      </summary>
      {open && (
        <div className="fixed inset-x-2 top-14 z-50 max-h-[80vh] overflow-auto rounded sm:absolute sm:inset-x-auto sm:top-auto sm:left-0 sm:mt-2 sm:w-[34rem] border border-slate-300 bg-white p-3 shadow-lg dark:border-slate-600 dark:bg-slate-900">
          <Suspense fallback={<p role="status">Loading the sandbox’s controls…</p>}>
            <SandboxPanel />
          </Suspense>
        </div>
      )}
    </details>
  );
}
