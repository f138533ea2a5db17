import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ENDPOINT_LIST } from '../../api/endpoints.ts';
import { useHistory } from './history-store.ts';

// Built only while the drawer is open, and it brings the request code (cache keys): it
// loads then, not with the first paint (docs/benchmarks.md).
const HistoryList = lazy(() =>
  import('./history-list.tsx').then((m) => ({ default: m.HistoryList })),
);

const SHOWN = 5;

/**
 * The view's own recent requests, folded away below the view: reopen one (free when its
 * answer is still cached) without leaving for the History page.
 */
export function HistoryDrawer() {
  const { pathname } = useLocation();
  const history = useHistory();
  // The list is built only while the drawer is open.
  const [open, setOpen] = useState(false);
  const spec = ENDPOINT_LIST.find((s) => s.route === pathname);
  if (!spec) return null;
  const mine = history.filter((e) => e.endpoint === spec.id);
  if (mine.length === 0) return null;
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="mt-4 rounded border border-slate-200 px-3 py-1 text-sm dark:border-slate-700"
    >
      <summary className="cursor-pointer py-1 font-medium">
        Recent {spec.nav} requests ({mine.length})
      </summary>
      {open && (
        <>
          <Suspense fallback={<p role="status">Loading recent requests…</p>}>
            <HistoryList
              entries={mine.slice(0, SHOWN)}
              label={`Recent ${spec.nav} requests`}
              compact
            />
          </Suspense>
          <Link to="/history" className="btn-link mb-2 inline-block">
            All history
          </Link>
        </>
      )}
    </details>
  );
}
