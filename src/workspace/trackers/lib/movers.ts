import { localeKey, type Locale } from '../../runs/lib/locale.ts';
import type { BatchCell } from '../../runs/lib/matrix.ts';
import { rankIn, type TrackerRun } from './run.ts';

/**
 * What happened to the target in one cell between two runs, counted against the top N:
 * `new` entered it, `lost` left it, `out` is outside it both times, `not-checked` had no answer
 * in one of the runs (never read as lost).
 */
export type Move = 'up' | 'down' | 'unchanged' | 'new' | 'lost' | 'out' | 'not-checked';

export interface Mover {
  cell: BatchCell;
  /** The target's rank in the earlier run (null: not in the results; undefined: no answer). */
  before: number | null | undefined;
  after: number | null | undefined;
  move: Move;
  /** Places gained (positive: up); 0 unless up or down. */
  size: number;
  /** Another URL of the target's site ranks now. */
  urlChanged: boolean;
}

const inTop = (rank: number | null | undefined, topN: number) =>
  typeof rank === 'number' && rank <= topN;

/**
 * The target's movement in every cell from run `from` to run `to`. `rankOf` reads the target's
 * best result in a cell: `rankInCut` for runs cut to it (latest-movers.ts), which are not read
 * link by link again.
 */
export function moversBetween(
  cells: readonly BatchCell[],
  from: TrackerRun,
  to: TrackerRun,
  target: string,
  topN: number,
  rankOf: typeof rankIn = rankIn,
): Mover[] {
  return cells.map((cell) => {
    const a = rankOf(from.cells[cell.id], target);
    const b = rankOf(to.cells[cell.id], target);
    const before = a === undefined ? undefined : (a?.rank ?? null);
    const after = b === undefined ? undefined : (b?.rank ?? null);
    const urlChanged = Boolean(a && b && a.link !== b.link);
    const base = { cell, before, after, urlChanged };
    if (before === undefined || after === undefined)
      return { ...base, move: 'not-checked', size: 0 };
    const wasIn = inTop(before, topN);
    const isIn = inTop(after, topN);
    if (!wasIn && !isIn) return { ...base, move: 'out', size: 0 };
    if (!wasIn) return { ...base, move: 'new', size: 0 };
    if (!isIn) return { ...base, move: 'lost', size: 0 };
    const size = before! - after!;
    return { ...base, move: size > 0 ? 'up' : size < 0 ? 'down' : 'unchanged', size };
  });
}

export type MoveCounts = Record<Move, number>;

export function countMoves(movers: readonly Mover[]): MoveCounts {
  const counts: MoveCounts = {
    up: 0,
    down: 0,
    unchanged: 0,
    new: 0,
    lost: 0,
    out: 0,
    'not-checked': 0,
  };
  for (const m of movers) counts[m.move] += 1;
  return counts;
}

/** "12 up, 4 down, 2 new, 2 lost since Nov 17": what moved, the quiet kinds left out. */
export function moversDigest(movers: readonly Mover[], since: number): string {
  const counts = countMoves(movers);
  const parts = (['up', 'down', 'new', 'lost'] as const)
    .filter((k) => counts[k] > 0)
    .map((k) => `${counts[k]} ${k}`);
  const date = new Date(since).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  const unchecked =
    counts['not-checked'] > 0 ? ` (${counts['not-checked']} not checked in one of the runs)` : '';
  return `${parts.length > 0 ? parts.join(', ') : 'No moves'} since ${date}${unchecked}`;
}

export type MoverSort = 'size' | 'query' | 'after' | 'before';

const MOVE_ORDER: Record<Move, number> = {
  up: 0,
  new: 1,
  down: 2,
  lost: 3,
  unchanged: 4,
  out: 5,
  'not-checked': 6,
};

/** Entering or leaving the top N outweighs any move within it. */
const magnitude = (m: Mover) => (m.move === 'new' || m.move === 'lost' ? 1e6 : Math.abs(m.size));

const rankOrder = (r: number | null | undefined) =>
  typeof r === 'number' ? r : r === null ? 1e6 : 2e6;

/**
 * Movers in the table's order: by the size of the move (entries and exits first, then the
 * biggest moves), by keyword, or by rank; optionally one locale only.
 */
export function sortMovers(
  movers: readonly Mover[],
  sort: MoverSort,
  options: { locale?: Locale | null; descending?: boolean } = {},
): Mover[] {
  const wanted = options.locale ? localeKey(options.locale) : null;
  const rows = wanted ? movers.filter((m) => localeKey(m.cell.locale) === wanted) : [...movers];
  const compare: Record<MoverSort, (a: Mover, b: Mover) => number> = {
    size: (a, b) => magnitude(b) - magnitude(a) || MOVE_ORDER[a.move] - MOVE_ORDER[b.move],
    query: (a, b) => a.cell.query.localeCompare(b.cell.query),
    after: (a, b) => rankOrder(a.after) - rankOrder(b.after),
    before: (a, b) => rankOrder(a.before) - rankOrder(b.before),
  };
  rows.sort(compare[sort]);
  if (options.descending) rows.reverse();
  return rows;
}
