import { memo } from 'react';
import { Link } from 'react-router';
import { endpointQueryKey } from '../../api/endpoint-query.ts';
import { ENDPOINTS, type EndpointId, type ReadEndpointId } from '../../api/endpoints.ts';
import { requestHref, requestLabel } from '../../api/request-link.ts';
import { formatDuration, formatNumber } from '../../lib/format.ts';
import { deleteHistoryEntry, toggleHistoryStar, type HistoryEntry } from './history-store.ts';
import { useCacheStates, type CacheState } from '../../components/use-cache-states.ts';
import { batchHref } from '../runs/cell-query.ts';
import { sessionUsageStore } from '../../api/session-usage.ts';
import { useStore } from '../../lib/store.ts';
import { entryCredits, entryCreditsText } from './entry-credits.ts';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const isKnown = (id: string): id is EndpointId => Object.hasOwn(ENDPOINTS, id);

/** The cache key of an entry's answer, for reads (actions are never cached). */
const cacheKeyOf = (entry: HistoryEntry) =>
  isKnown(entry.endpoint) && ENDPOINTS[entry.endpoint].kind === 'read' && !entry.batch
    ? endpointQueryKey(entry.endpoint as ReadEndpointId, entry.params)
    : ['history-never-cached', entry.id];

const STATUS_TEXT = { ok: 'OK', error: 'Failed', cancelled: 'Cancelled' } as const;
const STATUS_CLASS = {
  ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200',
  error: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-200',
  cancelled: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
} as const;

/**
 * Memoised: its props are the stored entry (the same object until it changes), a string and
 * a flag, so a key typed in the filters renders the list, not its 500 entries (the bench's
 * render count, test/integration/renders-per-keystroke.test.tsx).
 */
const Entry = memo(function Entry({
  entry,
  cache,
  compact,
  credits,
}: {
  entry: HistoryEntry;
  cache: CacheState | undefined;
  compact: boolean;
  /** What it spent as best known, in words (a measured cost where none is recorded). */
  credits: string;
}) {
  if (!isKnown(entry.endpoint)) return null;
  // A batch is one entry: it opens in the batch view, whose cells open in their view. A
  // tracker's run is one too, and opens its tracker.
  const label = entry.tracker
    ? `Tracker run of “${entry.tracker.name}”: ${formatNumber(entry.batch?.cells ?? 0)} ${ENDPOINTS[entry.endpoint].title} requests`
    : entry.batch
      ? `Batch of ${formatNumber(entry.batch.cells)} ${ENDPOINTS[entry.endpoint].title} requests`
      : requestLabel(entry.endpoint, entry.params);
  const href = entry.tracker
    ? `/trackers?tracker=${encodeURIComponent(entry.tracker.id)}`
    : entry.batch
      ? batchHref(entry.batch.id)
      : requestHref(entry.endpoint, entry.params);
  const params = Object.entries(entry.params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' · ');
  // An entry below the fold is neither laid out nor painted until it scrolls near (a page of
  // them was one 170–600 ms style, layout and paint task at the reference phone; issue 41).
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2 [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]">
      <div className="min-w-0 flex-1">
        <Link to={href} state={{ reopen: true }} className="btn-link font-medium">
          {label}
        </Link>
        {!compact && params && (
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{params}</p>
        )}
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-700 dark:text-slate-300">
          <span className={`rounded px-1.5 ${STATUS_CLASS[entry.status]}`}>
            {STATUS_TEXT[entry.status]}
            {entry.httpStatus !== undefined && entry.status !== 'ok'
              ? ` · HTTP ${entry.httpStatus}`
              : ''}
          </span>
          <time dateTime={new Date(entry.at).toISOString()}>{time.format(entry.at)}</time>
          <span>{formatDuration(entry.durationMs)}</span>
          <span>{credits}</span>
          {entry.results !== null && (
            <span>
              {formatNumber(entry.results)} {entry.batch ? 'answered' : 'result'}
              {entry.results === 1 || entry.batch ? '' : 's'}
            </span>
          )}
          {cache === 'cached' && (
            <span className="font-medium">result cached · opens for 0 credits</span>
          )}
        </p>
        {!compact && entry.error && (
          <p className="text-xs text-red-800 dark:text-red-300">{entry.error}</p>
        )}
      </div>
      <div className="flex gap-1">
        <button
          type="button"
          className="btn-small"
          aria-pressed={entry.starred}
          aria-label={`Star ${label}`}
          onClick={() => toggleHistoryStar(entry.id)}
        >
          <span aria-hidden="true">{entry.starred ? '★' : '☆'}</span>
        </button>
        <button
          type="button"
          className="btn-small"
          aria-label={`Delete ${label} from the history`}
          onClick={() => deleteHistoryEntry(entry.id)}
        >
          Delete
        </button>
      </div>
    </li>
  );
});

/**
 * History entries as links to their view with the parameters filled in: opening one shows
 * its answer from the cache when it is still there (said on the entry), otherwise the form
 * waits for Run. Never a request by itself.
 */
export function HistoryList({
  entries,
  label,
  compact = false,
}: {
  entries: readonly HistoryEntry[];
  label: string;
  compact?: boolean;
}) {
  const cache = useCacheStates(entries.map(cacheKeyOf));
  const usage = useStore(sessionUsageStore);
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-700">
      {entries.map((entry, i) => (
        <Entry
          key={entry.id}
          entry={entry}
          cache={cache[i]}
          compact={compact}
          credits={entryCreditsText(entryCredits(entry, usage))}
        />
      ))}
    </ul>
  );
}
