import { isBaseline, rankIn, type RunCell, type TrackerRun } from './run.ts';

/**
 * The two runs a tracker's movers compare by default (the newest that ran, and the newest
 * baseline before it), each cut to what the movers read of it: an answered cell keeps the
 * target's best result only. Stored beside the runs, one small record per tracker (decision
 * 101), so the view paints the first movers row from it before copying two runs of a thousand
 * cells out of IndexedDB. The ranks are kept, not the moves: the top N is applied when the
 * movers are computed, so a new top N needs no new record; a new target does.
 */
export interface LatestMovers {
  target: string;
  /** The newest baseline before `to` (none: `to` is the first run that can be compared). */
  from?: TrackerRun;
  to: TrackerRun;
}

/**
 * What the checks below read of a record: its target and its runs' ids and compaction. A record
 * as stored (movers-record.ts, packed) is checked before its runs are unpacked.
 */
interface PairOf<R extends Pick<TrackerRun, 'id' | 'compactedTo'>> {
  target: string;
  from?: R;
  to: R;
}

/** A run with each answered cell cut to the target's best result: the movers read the same. */
export function runForMovers(run: TrackerRun, target: string): TrackerRun {
  const cells: Record<string, RunCell> = {};
  for (const [id, cell] of Object.entries(run.cells)) {
    if (cell.state !== 'answered') {
      cells[id] = cell;
      continue;
    }
    const best = rankIn(cell, target);
    // The rank and the link alone (a title would be one more string per cell in the record).
    const results = best ? [{ rank: best.rank, link: best.link }] : [];
    cells[id] = { state: 'answered', at: cell.at, results };
  }
  const { sent: _sent, ...kept } = run;
  return { ...kept, cells };
}

/**
 * The target's best result in a cell of a run cut by `runForMovers`: its one result, if any, is
 * that result (no link is parsed again: a thousand cells' worth was most of the page's boot
 * paint, decision 126). Reads as `rankIn` does on the run before it was cut.
 */
export function rankInCut(
  cell: RunCell | undefined,
): { rank: number; link: string } | null | undefined {
  if (cell?.state !== 'answered') return undefined;
  const [best] = cell.results;
  return best ? { rank: best.rank, link: best.link } : null;
}

const ran = (run: TrackerRun) => run.status !== 'missed' && run.status !== 'running';

/** The runs that ran (not missed, not running): the ones movers can compare. */
export const runsThatRan = (runs: readonly TrackerRun[]): TrackerRun[] => runs.filter(ran);

/**
 * The run the movers compare `to` with by default: the newest before it (in `ran`, oldest
 * first) that can be a baseline (never a suspect one). The view, the stored record and the
 * page's boot paint all pick it here.
 */
export const baselineBefore = (ran: readonly TrackerRun[], to: TrackerRun) =>
  ran.slice(0, ran.indexOf(to)).findLast(isBaseline);

/**
 * The record's runs (oldest first) when it still stands for the tracker: made for its target,
 * each of its runs still stored (`storedRunIds`). Undefined otherwise. Checked alike by the
 * view's read (tracker-storage.ts) and the page's boot paint (first-screen-paint.ts).
 */
export function currentPair<R extends Pick<TrackerRun, 'id' | 'compactedTo'>>(
  record: PairOf<R>,
  target: string | undefined,
  storedRunIds: ReadonlySet<unknown>,
): R[] | undefined {
  if (record.target !== target) return undefined;
  const runs = record.from ? [record.from, record.to] : [record.to];
  return runs.every((r) => storedRunIds.has(r.id)) ? runs : undefined;
}

/** The record for a tracker's runs (oldest first), as the movers pick their default pair. */
export function latestMoversOf(
  runs: readonly TrackerRun[],
  target: string,
): LatestMovers | undefined {
  const done = runsThatRan(runs);
  const to = done.at(-1);
  if (!to) return undefined;
  const from = baselineBefore(done, to);
  return {
    target,
    to: runForMovers(to, target),
    ...(from ? { from: runForMovers(from, target) } : {}),
  };
}

/**
 * The record once `run` is stored (written in the same transaction): a newer run that ran
 * becomes `to` and the old `to` the baseline if it can be one; one of the pair written again
 * (compacted) is cut again; anything else leaves it as it is.
 */
export function withStoredRun(record: LatestMovers, run: TrackerRun): LatestMovers {
  if (!ran(run)) return record;
  const cut = runForMovers(run, record.target);
  if (run.id === record.to.id) return { ...record, to: cut };
  if (run.id === record.from?.id) return { ...record, from: cut };
  if (run.startedAt <= record.to.startedAt) return record;
  const from = isBaseline(record.to) ? record.to : record.from;
  return { target: record.target, to: cut, ...(from ? { from } : {}) };
}

/** Whether the record holds the pair `runs` (oldest first) would compare, each as it is stored. */
export function sameLatestMovers(
  a: PairOf<Pick<TrackerRun, 'id' | 'compactedTo'>> | undefined,
  b: PairOf<Pick<TrackerRun, 'id' | 'compactedTo'>> | undefined,
) {
  return (
    a?.target === b?.target &&
    a?.to.id === b?.to.id &&
    a?.to.compactedTo === b?.to.compactedTo &&
    a?.from?.id === b?.from?.id &&
    a?.from?.compactedTo === b?.from?.compactedTo
  );
}
