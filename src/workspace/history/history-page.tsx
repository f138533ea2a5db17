import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { metaQueries } from '../../api/meta-queries.ts';
import { downloadHistoryPostman } from './history-postman.ts';
import { HistoryList } from './history-list.tsx';
import { ShowMoreButton } from '../../components/show-more-button.tsx';
import { SendRequestsToBatch } from '../runs/send-to-batch-link.tsx';
import { SnapshotOpener } from '../snapshots/snapshot-opener.tsx';
import { formatNumber } from '../../lib/format.ts';
import { sessionUsageStore } from '../../api/session-usage.ts';
import { useStore } from '../../lib/store.ts';
import { totalText } from './entry-credits.ts';
import { clearHistory, HISTORY_CAP } from './history-store.ts';
import { useHistory } from './history-store.ts';
import { HistoryFiltersForm } from './history-filters.tsx';
import { filterHistory, NO_FILTERS, type HistoryFilters } from './filter-history.ts';

/**
 * Entries rendered at first, and added per "Show more": 500 rows at once blocked the page for
 * most of a second on a phone (issue #28, decision 059).
 */
export const HISTORY_PAGE_SIZE = 50;

/** Every request sent from this browser: search, filter, star, delete, and reopen for free. */
export default function HistoryPage() {
  const entries = useHistory();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [limit, setLimit] = useState(HISTORY_PAGE_SIZE);
  const [confirming, setConfirming] = useState(false);
  // The filters' fields show the change at once; the list follows from the deferred value in
  // a render React can interrupt, so the key or the select paints first (decision 059).
  const listFilters = useDeferredValue(filters);
  const shown = useMemo(() => filterHistory(entries, listFilters), [entries, listFilters]);
  // "Show more" moves the focus to the first entry it added, so a keyboard user goes on from
  // there rather than from the button below them.
  const listBox = useRef<HTMLDivElement>(null);
  const focusEntry = useRef<number | null>(null);
  useEffect(() => {
    const index = focusEntry.current;
    if (index === null) return;
    focusEntry.current = null;
    listBox.current?.querySelectorAll('li')[index]?.querySelector('a')?.focus();
  });
  const showMore = () => {
    focusEntry.current = limit;
    setLimit(limit + HISTORY_PAGE_SIZE);
  };
  const changeFilters = (next: HistoryFilters) => {
    setFilters(next);
    setLimit(HISTORY_PAGE_SIZE);
  };
  const usage = useStore(sessionUsageStore);
  const spent = useMemo(() => totalText(shown, usage), [shown, usage]);
  const requests = shown.reduce((n, e) => n + (e.batch?.cells ?? 1), 0);
  const { data: meta } = useQuery(metaQueries.current());
  const postman = () => downloadHistoryPostman(shown, meta);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Request history</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Every request sent from this browser, newest first: a batch and a tracker&apos;s run are one
        entry each, with their requests&apos; total (the latest {HISTORY_CAP} entries are kept;
        never the key). Opening one fills its view's form and shows its answer if it is still
        cached; otherwise press Run there. Nothing is sent from here.
      </p>
      <SnapshotOpener />
      {entries.length === 0 ? (
        <p>No requests yet. Run something in any view and it appears here.</p>
      ) : (
        <>
          <HistoryFiltersForm filters={filters} onChange={changeFilters} />
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-sm">
              {formatNumber(shown.length)} of {formatNumber(entries.length)} entries ·{' '}
              {formatNumber(requests)} request{requests === 1 ? '' : 's'} · {spent}
            </p>
            <SendRequestsToBatch requests={shown} />
            <div className="ml-auto flex gap-2">
              <button
                type="button"
                className="btn-secondary"
                disabled={shown.length === 0}
                title="Each request shown, a batch as one request per cell (while this tab keeps it), the key as {{api_key}}"
                onClick={() => void postman()}
              >
                Postman collection
              </button>
              {confirming ? (
                <>
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => {
                      clearHistory();
                      setConfirming(false);
                    }}
                  >
                    Delete all {formatNumber(entries.length)} entries
                  </button>
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => setConfirming(false)}
                  >
                    Keep them
                  </button>
                </>
              ) : (
                <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
                  Delete all…
                </button>
              )}
            </div>
          </div>
          {shown.length === 0 ? (
            <p>No request matches these filters.</p>
          ) : (
            <div ref={listBox} className="space-y-2">
              <HistoryList entries={shown.slice(0, limit)} label="Request history" />
              <ShowMoreButton
                hidden={shown.length - limit}
                step={HISTORY_PAGE_SIZE}
                onClick={showMore}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
