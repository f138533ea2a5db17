import type { TrackerRun } from './run.ts';

/** Share of a run's asked cells that came back failed or with no results at all. */
export function emptyOrFailedShare(run: TrackerRun): { share: number; asked: number } {
  const cells = Object.values(run.cells).filter((c) => c.state !== 'not-checked');
  const bad = cells.filter(
    (c) => c.state === 'failed' || (c.state === 'answered' && c.results.length === 0),
  ).length;
  return { share: cells.length === 0 ? 0 : bad / cells.length, asked: cells.length };
}

/** At least this share of empty or failed cells, and this much more than the baseline had. */
export const SUSPECT_SHARE = 0.2;
export const SUSPECT_RISE = 0.15;

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Why a run that ended looks wrong, or null: an unusual share of its cells came back empty or
 * failed (a blocked scraper, an expired plan, a changed answer shape) compared with the
 * baseline it would be compared with. Such a run is logged as it is and flagged, never
 * silently taken as the new normal (a "no results" run is not a success).
 */
export function suspectReason(run: TrackerRun, baseline: TrackerRun | undefined): string | null {
  if (run.status === 'missed' || run.status === 'running') return null;
  const now = emptyOrFailedShare(run);
  if (now.asked === 0) return null;
  const before = baseline ? emptyOrFailedShare(baseline).share : 0;
  if (now.share < SUSPECT_SHARE || now.share < before + SUSPECT_RISE) return null;
  return `${pct(now.share)} of the cells asked came back empty or failed (the baseline had ${pct(before)})`;
}
