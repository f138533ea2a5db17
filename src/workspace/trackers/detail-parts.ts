import { formatNumber } from '../../lib/format.ts';
import { localeLabel } from '../runs/lib/locale.ts';
import type { Matrix } from '../runs/lib/matrix.ts';
import type { Mover } from './lib/movers.ts';
import type { Tracker } from './lib/tracker.ts';

/**
 * The words and classes of an open tracker's first screen (its heading, its scope, the movers'
 * controls and first rows), shared by the detail's components and the page's boot paint
 * (first-screen-paint.ts), which draws the same screen from storage before the app's code has
 * arrived (decision 126). One place, so the two cannot drift apart unseen; a test compares them.
 */

/** "Follows example.com against a.com in 334 keywords × US · en, DE · de (1,002 requests a run)." */
export function trackerScope(tracker: Tracker, matrix: Matrix): string {
  const cells = matrix.cells;
  const target = tracker.target ? `Follows ${tracker.target}` : 'No target domain';
  const against =
    tracker.competitors.length > 0 ? ` against ${tracker.competitors.join(', ')}` : '';
  const keywords = formatNumber(new Set(cells.map((c) => c.query)).size);
  const locales = matrix.locales.map(localeLabel).join(', ');
  return `${target}${against} in ${keywords} keywords × ${locales} (${formatNumber(cells.length)} requests a run).`;
}

export const SCOPE_CLASS = 'text-sm text-slate-700 dark:text-slate-300';

export const SELECT_CLASS =
  'rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

export const MOVERS_CAPTION =
  'Movers: the target’s rank in each keyword and locale between the two runs';

export const MOVE_TEXT: Record<Mover['move'], string> = {
  up: 'up',
  down: 'down',
  unchanged: 'unchanged',
  new: 'new in the top',
  lost: 'lost from the top',
  out: 'outside the top',
  'not-checked': 'not checked',
};

export const MOVE_CLASS: Record<Mover['move'], string> = {
  up: 'text-emerald-800 dark:text-emerald-300 font-semibold',
  down: 'text-red-800 dark:text-red-300 font-semibold',
  new: 'text-emerald-800 dark:text-emerald-300 font-semibold',
  lost: 'text-red-800 dark:text-red-300 font-semibold',
  unchanged: '',
  out: 'text-slate-600 dark:text-slate-400',
  'not-checked': 'italic text-slate-600 dark:text-slate-400',
};

/** A move as its cell says it: "up 3", "new in the top", "unchanged". */
export const moveText = (m: Mover) =>
  `${MOVE_TEXT[m.move]}${m.size !== 0 ? ` ${Math.abs(m.size)}` : ''}`;

export const rankText = (r: number | null | undefined) =>
  r === undefined ? 'not checked' : r === null ? 'not in the results' : `#${r}`;

/** How many rows the table shows before "Show all": a tracker can have a thousand cells. */
export const PAGE = 50;
/**
 * Rows in the table's first frame: about a phone's screen of them. The rest of the page follows
 * a frame later, in the height kept for them below (decision 126: nothing below moves down), so
 * the first row is painted without waiting for them.
 */
export const FIRST_FRAME = 12;

/**
 * Every row's columns: the same track sizes in each row, so the rows line up without a table
 * layout, which measures every row again whenever a slice is added (decision 123).
 */
export const COLUMNS =
  'grid grid-cols-[minmax(5rem,2fr)_minmax(3.5rem,1fr)_minmax(4rem,1fr)_minmax(4.5rem,1.3fr)_minmax(5.5rem,1fr)]';
/** A row's height as drawn (one line of small text and its padding), for slices not laid out yet. */
export const ROW_PX = 29;

export const ROW_CLASS = `${COLUMNS} border-b border-slate-100 dark:border-slate-800`;
export const PICKED_ROW_CLASS = 'bg-teal-50 dark:bg-teal-950/40';
export const CELL_CLASS = 'px-2 py-1';
export const HEADER_CLASS = 'px-2 py-1 text-left font-bold';
export const KEYWORD_CLASS = 'text-left text-teal-800 underline dark:text-teal-300';
export const URL_CHANGED_CLASS = 'ml-1 text-xs text-amber-800 dark:text-amber-300';
export const MUTED_CLASS = 'text-slate-600 dark:text-slate-400';
export const STATUS_CLASS = `text-sm ${MUTED_CLASS}`;
