import { domainMatches } from '../../../lib/links.ts';
import { creditsSpent, type CellRun, type CellRuns } from '../../runs/lib/cells.ts';
import type { BatchCell } from '../../runs/lib/matrix.ts';
import { resultRows, type BatchAnswer } from '../../runs/lib/results.ts';

/** One result as a run keeps it; past the storage budget without its title (decision 054). */
export interface KeptResult {
  rank: number;
  link: string;
  title?: string;
}

/**
 * One cell of one run: its result list when it was answered, else why it has none. A cell that
 * was not answered never reads as "not in the results".
 */
export type RunCell =
  | { state: 'answered'; at: number; results: KeptResult[] }
  | { state: 'failed'; status?: number; charged: 'yes' | 'no' | 'unknown' }
  | { state: 'not-checked' };

/**
 * Why a scheduled run did not happen: no tab was open (or, for the runner, no runner was
 * running), a cap left too little for it, or it would have left fewer credits than the
 * runner's reserve floor.
 */
export type MissedReason = 'no-tab' | 'monthly-cap' | 'runner-down' | 'reserve-floor';

export const MISSED_REASONS: readonly [MissedReason, ...MissedReason[]] = [
  'no-tab',
  'monthly-cap',
  'runner-down',
  'reserve-floor',
];

export interface TrackerRun {
  id: string;
  trackerId: string;
  /** The scheduled time this run stands for (anchor + k periods), or null for Run now. */
  slot: number | null;
  startedAt: number;
  finishedAt: number | null;
  /** `stopped`: the cap, a cancel or a failure every request meets ended it early. */
  status: 'running' | 'done' | 'stopped' | 'missed';
  missedReason?: MissedReason;
  /** Credits the run spent, as the batch model counts them (charged failures included). */
  credits: number;
  cells: Record<string, RunCell>;
  /** Only the top N results of each cell are kept (the storage budget was reached). */
  compactedTo?: number;
  /**
   * Read back from a run stored as running: the cells it had sent, each recorded before its
   * request left (never stored in the run itself).
   */
  sent?: readonly string[];
  /** Made from the batch the tracker was saved from: its credits were spent there. */
  fromBatch?: true;
  /**
   * Why the run's answers are not to be trusted (an unusual share of empty or failed cells),
   * when they are not: such a run is never the baseline movers and alerts compare with.
   */
  suspect?: string;
}

/**
 * Whether a run can be what later runs are compared with: it ran to an end (not missed, not
 * running), at least one cell was answered (a run whose every request failed says nothing of
 * ranks), and it is not suspect.
 */
export const isBaseline = (run: TrackerRun): boolean =>
  run.status !== 'missed' &&
  run.status !== 'running' &&
  run.suspect === undefined &&
  Object.values(run.cells).some((c) => c.state === 'answered');

/** The newest run (oldest-first list) that can be the baseline of the next one, or undefined. */
export const baselineRun = (runs: readonly TrackerRun[]): TrackerRun | undefined =>
  runs.findLast(isBaseline);

/**
 * A run stored as running that no page runs any more (its tab closed or reloaded): stopped, and
 * each cell it had sent without an answer stored is shown as failed, maybe charged.
 */
export function cutShort(run: TrackerRun): TrackerRun {
  const cells = { ...run.cells };
  for (const id of run.sent ?? []) cells[id] ??= { state: 'failed', charged: 'unknown' };
  const { sent: _sent, ...rest } = run;
  return { ...rest, status: 'stopped', cells };
}

/** A run's id: its start time, so a tracker's runs sort oldest first by id (and by key). */
export const runId = (startedAt: number, suffix = '') =>
  `${startedAt.toString(36).padStart(10, '0')}${suffix}`;

/** The id a missed run of a slot gets: one per slot, however often it is recorded. */
export const missedRunId = (slot: number) => runId(slot, '-missed');

/** A scheduled run that could not happen, recorded as such: never silently skipped. */
export function missedRun(trackerId: string, slot: number, reason: MissedReason): TrackerRun {
  return {
    id: missedRunId(slot),
    trackerId,
    slot,
    startedAt: slot,
    finishedAt: slot,
    status: 'missed',
    missedReason: reason,
    credits: 0,
    cells: {},
  };
}

/** A cell's state in the batch engine as a run keeps it, with the answer's results. */
export function runCell(
  cell: BatchCell,
  run: CellRun | undefined,
  answer: BatchAnswer | undefined,
): RunCell {
  if (run?.state === 'answered' && answer)
    return {
      state: 'answered',
      at: run.at,
      results: resultRows(answer, cell.params).map((r) => ({
        rank: r.rank,
        link: r.link,
        title: r.title,
      })),
    };
  if (run?.state === 'failed')
    return { state: 'failed', status: run.error.status, charged: run.charged };
  return { state: 'not-checked' };
}

/** How many cells of a run have an answer. */
export const cellsAnswered = (run: TrackerRun) =>
  Object.values(run.cells).filter((c) => c.state === 'answered').length;

/** A domain's best rank and its URL in a cell of a run: null when answered without it. */
export function rankIn(
  cell: RunCell | undefined,
  domain: string,
): { rank: number; link: string } | null | undefined {
  if (cell?.state !== 'answered') return undefined;
  return domainMatches(cell.results, domain)[0] ?? null;
}

/**
 * The first run of a tracker saved from a batch: the batch's answers as they were paid for (a
 * cell this tab had cached counts as answered, at its time), what failed as failed, what may have
 * been charged as such; its credits are the batch's, already spent.
 */
export function runFromBatch(
  trackerId: string,
  cells: readonly BatchCell[],
  runs: CellRuns,
  answers: ReadonlyMap<string, BatchAnswer>,
  batch: { createdAt: number },
): TrackerRun {
  const kept: Record<string, RunCell> = {};
  let last = batch.createdAt;
  for (const cell of cells) {
    const run = runs[cell.id];
    if (run?.state === 'answered' || run?.state === 'cached' || run?.state === 'failed')
      last = Math.max(last, run.at);
    kept[cell.id] =
      run?.state === 'interrupted'
        ? { state: 'failed', charged: 'unknown' }
        : run?.state === 'cached'
          ? runCell(
              cell,
              { ...run, state: 'answered', durationMs: 0, credits: 0 },
              answers.get(cell.id),
            )
          : runCell(cell, run, answers.get(cell.id));
  }
  const complete = Object.values(kept).every((c) => c.state !== 'not-checked');
  return {
    id: runId(batch.createdAt),
    trackerId,
    slot: null,
    startedAt: batch.createdAt,
    finishedAt: last,
    status: complete ? 'done' : 'stopped',
    credits: creditsSpent(runs),
    cells: kept,
    fromBatch: true,
  };
}
