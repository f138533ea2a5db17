import { isApiError, type Charged } from '../../../api/errors.ts';
import { pluralCredits } from '../../../lib/format.ts';
import type { BatchCell } from './matrix.ts';

/** Why a cell was not sent. */
export type NotCheckedReason =
  | 'cancelled'
  | 'cap'
  | 'fatal'
  | 'never-sent'
  /** The browser would not record the request before it left (write-ahead), so it never left. */
  | 'unrecorded'
  /** A key was cleared (in another tab): the run stopped before paying for more. */
  | 'key-cleared';

/** What a failed request left to show: its error, and whether credits were spent. */
export interface CellError {
  title: string;
  status?: number;
  excerpt: string;
}

/**
 * Where one cell of a batch stands: what is stored for it the moment it changes, so a reload
 * shows the same (decision 040).
 */
export type CellRun =
  | { state: 'waiting' }
  | { state: 'running'; startedAt: number }
  | { state: 'answered'; at: number; durationMs: number; credits: number }
  /** Already answered in this tab's cache: nothing was sent, nothing spent. */
  | { state: 'cached'; at: number }
  | { state: 'failed'; at: number; error: CellError; charged: Charged; credits: number }
  | { state: 'not-checked'; reason: NotCheckedReason }
  /** In flight when the page went away: the service may have answered and charged it. */
  | { state: 'interrupted'; startedAt: number };

export type CellRuns = Readonly<Record<string, CellRun>>;

/** A failure as a cell keeps it: nothing but text, never the request's URL. */
export function cellError(error: unknown): { error: CellError; charged: Charged } {
  if (isApiError(error))
    return {
      error: { title: error.title, status: error.status, excerpt: error.bodyExcerpt },
      charged: error.charged,
    };
  return {
    error: { title: error instanceof Error ? error.message : 'The request failed', excerpt: '' },
    charged: 'no',
  };
}

/** After a reload: what was running may have been charged, what waited was never sent. */
export function afterReload(runs: CellRuns): Record<string, CellRun> {
  return Object.fromEntries(
    Object.entries(runs).map(([id, run]) => [
      id,
      run.state === 'running'
        ? { state: 'interrupted', startedAt: run.startedAt }
        : run.state === 'waiting'
          ? { state: 'not-checked', reason: 'never-sent' }
          : run,
    ]),
  );
}

/**
 * What Resume sends: the cells never sent (or with no record at all). Never an answered,
 * failed or interrupted one: those were, or may have been, paid for.
 */
export function cellsToResume(cells: readonly BatchCell[], runs: CellRuns): BatchCell[] {
  return cells.filter((c) => {
    const run = runs[c.id];
    return run === undefined || run.state === 'not-checked' || run.state === 'waiting';
  });
}

/** What "Retry failed" sends once the user has seen its cost; interrupted cells only when asked. */
export function cellsToRetry(
  cells: readonly BatchCell[],
  runs: CellRuns,
  { interrupted = false } = {},
): BatchCell[] {
  return cells.filter((c) => {
    const state = runs[c.id]?.state;
    return state === 'failed' || (interrupted && state === 'interrupted');
  });
}

/** How a cell looks: each kind its own, so no two states can be mistaken for each other. */
export type CellKind =
  | 'ranked'
  | 'unranked'
  | 'answered'
  | 'cached'
  | 'running'
  | 'waiting'
  | 'not-checked'
  | 'failed'
  | 'interrupted';

export interface CellView {
  kind: CellKind;
  /**
   * What a cell with a target says of it, cached or answered alike: the counts count a cached
   * cell where the target ranks as ranked (issue 40.6), its badge still says it was free.
   */
  verdict?: 'ranked' | 'unranked';
  text: string;
  /** The target's best rank in the answer, when it has one. */
  rank?: number;
}

const REASONS: Record<NotCheckedReason, string> = {
  cancelled: 'cancelled',
  cap: 'stopped by the cap',
  fatal: 'the run stopped',
  'never-sent': 'never sent',
  unrecorded: 'the browser would not record it, so it was not sent',
  'key-cleared': 'the key was cleared in another tab',
};

const SPENT: Record<Charged, string> = {
  yes: 'credits spent',
  no: 'no credits spent',
  unknown: 'credits may have been spent',
};

/**
 * A cell as the table shows it. `target` is the target domain's best rank in the cell's answer
 * (null: not in the results); leave it out where there is no target (autocomplete, shorts).
 */
export function cellView(run: CellRun | undefined, target?: { rank: number } | null): CellView {
  if (!run) return { kind: 'not-checked', text: `not checked — ${REASONS['never-sent']}` };
  switch (run.state) {
    case 'answered':
      if (target === undefined)
        return { kind: 'answered', text: `answered · ${pluralCredits(run.credits)}` };
      return target === null
        ? { kind: 'unranked', text: 'not in the results' }
        : { kind: 'ranked', text: `#${target.rank}`, rank: target.rank };
    case 'cached': {
      const found =
        target === undefined
          ? ''
          : target === null
            ? ' · not in the results'
            : ` · #${target.rank}`;
      const verdict = target === undefined ? undefined : target ? 'ranked' : 'unranked';
      return { kind: 'cached', verdict, text: `cached${found} · 0 credits`, rank: target?.rank };
    }
    case 'running':
      return { kind: 'running', text: 'running…' };
    case 'waiting':
      return { kind: 'waiting', text: 'waiting' };
    case 'not-checked':
      return { kind: 'not-checked', text: `not checked — ${REASONS[run.reason]}` };
    case 'failed': {
      const what = run.error.status === undefined ? run.error.title : `HTTP ${run.error.status}`;
      return { kind: 'failed', text: `failed — ${what} · ${SPENT[run.charged]}` };
    }
    case 'interrupted':
      return { kind: 'interrupted', text: 'interrupted — may have been charged' };
  }
}

/**
 * How many cells of each kind, for the counts beside the table: a cached cell with a target
 * counts by what it says of the target (ranked or not in the results), as an answered one does.
 */
export function countCells(views: readonly CellView[]): Record<CellKind, number> {
  const counts: Record<CellKind, number> = {
    ranked: 0,
    unranked: 0,
    answered: 0,
    cached: 0,
    running: 0,
    waiting: 0,
    'not-checked': 0,
    failed: 0,
    interrupted: 0,
  };
  for (const view of views) counts[view.verdict ?? view.kind] += 1;
  return counts;
}

/** Credits a set of cells spent as counted (failed ones only when charged or possibly so). */
export function creditsSpent(runs: CellRuns): number {
  let total = 0;
  for (const run of Object.values(runs))
    if (run.state === 'answered' || run.state === 'failed') total += run.credits;
  return total;
}
