import { lazy, Suspense } from 'react';
import type { RealtyResultsProps } from './realty-results.tsx';

/**
 * The list, filters, stats, drawer and exports show only with listings: their code loads
 * on its own (while the listings travel), so the empty view paints its form at once.
 */
export const loadRealtyResults = () => import('./realty-results.tsx');

const RealtyResults = lazy(() => loadRealtyResults().then((m) => ({ default: m.RealtyResults })));

export function LazyRealtyResults(props: RealtyResultsProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="rounded border border-slate-200 p-3 dark:border-slate-700">
          Loading the listings view…
        </p>
      }
    >
      <RealtyResults {...props} />
    </Suspense>
  );
}
