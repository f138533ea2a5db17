import { useCallback, useState } from 'react';

export const AUTO_REFRESH_OPTIONS = [
  { ms: 0, label: 'Off' },
  { ms: 10_000, label: 'Every 10 s' },
  { ms: 30_000, label: 'Every 30 s' },
  { ms: 60_000, label: 'Every minute' },
] as const;

const STORAGE_KEY = 'web-data-dashboard.account-auto-refresh';

function read(): number {
  try {
    const value = Number(window.localStorage.getItem(STORAGE_KEY));
    return AUTO_REFRESH_OPTIONS.some((o) => o.ms === value) ? value : 0;
  } catch {
    return 0;
  }
}

/** The chosen auto-refresh interval (0: off), kept as a local preference. */
export function useAutoRefreshInterval(): [number, (ms: number) => void] {
  const [ms, setMs] = useState(read);
  const choose = useCallback((next: number) => {
    setMs(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Storage disabled: the choice lasts as long as the view.
    }
  }, []);
  return [ms, choose];
}
