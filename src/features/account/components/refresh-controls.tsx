import { useId } from 'react';
import { AUTO_REFRESH_OPTIONS } from '../lib/auto-refresh.ts';

interface RefreshControlsProps {
  onRefresh: () => void;
  refreshing: boolean;
  intervalMs: number;
  onIntervalChange: (ms: number) => void;
  updatedAt: number;
}

/** Manual refresh, the auto-refresh interval (paused while the tab is hidden) and the last update. */
export function RefreshControls({
  onRefresh,
  refreshing,
  intervalMs,
  onIntervalChange,
  updatedAt,
}: RefreshControlsProps) {
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <button type="button" className="btn-secondary" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Refreshing…' : 'Refresh'}
      </button>
      <label htmlFor={selectId}>Auto-refresh</label>
      <select
        id={selectId}
        value={intervalMs}
        onChange={(e) => onIntervalChange(Number(e.target.value))}
        className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      >
        {AUTO_REFRESH_OPTIONS.map((o) => (
          <option key={o.ms} value={o.ms}>
            {o.label}
          </option>
        ))}
      </select>
      {intervalMs > 0 && (
        <span className="text-slate-600 dark:text-slate-400">
          (paused while this tab is hidden)
        </span>
      )}
      {updatedAt > 0 && (
        <span className="text-slate-600 dark:text-slate-400" data-testid="account-updated-at">
          Updated {new Date(updatedAt).toLocaleTimeString()}
        </span>
      )}
    </div>
  );
}
