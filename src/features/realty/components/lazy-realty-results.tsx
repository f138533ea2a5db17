import type { RealtyResultsProps } from './realty-results.tsx';
import { preloadable } from '../../../components/preloadable.tsx';

/**
 * The list, filters, stats, drawer and exports show only with listings: their code loads
 * on its own (while the listings travel), so the empty view paints its form at once.
 */
const results = preloadable<RealtyResultsProps>(() =>
  import('./realty-results.tsx').then((m) => m.RealtyResults),
);
export const loadRealtyResults = results.preload;

export function LazyRealtyResults(props: RealtyResultsProps) {
  return (
    <results.Preloaded
      {...props}
      fallback={
        <p role="status" className="rounded border border-slate-200 p-3 dark:border-slate-700">
          Loading the listings view…
        </p>
      }
    />
  );
}
