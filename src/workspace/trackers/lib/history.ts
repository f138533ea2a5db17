import { rankIn, type TrackerRun } from './run.ts';

/**
 * One run's point on a keyword's chart: ranked (with the URL that ranked), answered without
 * the domain (drawn as a marker below the axis), or not checked (a gap in the line).
 */
export type HistoryPoint =
  | { kind: 'ranked'; run: TrackerRun; rank: number; link: string; urlChanged: boolean }
  | { kind: 'not-in-results'; run: TrackerRun }
  | { kind: 'not-checked'; run: TrackerRun };

export interface PositionHistory {
  points: HistoryPoint[];
  /** The best rank ever and the first run that had it, or null. */
  best: { rank: number; run: TrackerRun } | null;
  /** The axis: from the best rank shown to the worst (scaled to the data, best on top). */
  axis: { top: number; bottom: number };
}

/**
 * A domain's ranks in one cell over runs (oldest first; missed runs left out: nothing was
 * asked). The URL change is against the last run that ranked, so a gap does not hide it.
 */
export function positionHistory(
  runs: readonly TrackerRun[],
  cellId: string,
  domain: string,
): PositionHistory {
  const points: HistoryPoint[] = [];
  let lastLink: string | null = null;
  let best: PositionHistory['best'] = null;
  for (const run of runs) {
    if (run.status === 'missed' || run.status === 'running') continue;
    const found = rankIn(run.cells[cellId], domain);
    if (found === undefined) points.push({ kind: 'not-checked', run });
    else if (found === null) points.push({ kind: 'not-in-results', run });
    else {
      const urlChanged = lastLink !== null && lastLink !== found.link;
      lastLink = found.link;
      points.push({ kind: 'ranked', run, rank: found.rank, link: found.link, urlChanged });
      if (!best || found.rank < best.rank) best = { rank: found.rank, run };
    }
  }
  return {
    points,
    best,
    axis: axisOf(points.flatMap((p) => (p.kind === 'ranked' ? [p.rank] : []))),
  };
}

/** An axis a little wider than the ranks shown, never above #1, at least 5 places tall. */
export function axisOf(ranks: readonly number[]): { top: number; bottom: number } {
  if (ranks.length === 0) return { top: 1, bottom: 10 };
  const min = Math.min(...ranks);
  const max = Math.max(...ranks);
  const top = Math.max(1, min - 1);
  return { top, bottom: Math.max(max + 1, top + 4) };
}
