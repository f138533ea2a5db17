import type { CellKind, CellView } from '../runs/lib/cells.ts';

/**
 * Each kind of cell has its own look besides its own words (decision 040): no two can be taken
 * for each other, even at a glance or without colour (the borders differ too).
 */
export const KIND_CLASS: Record<CellKind, string> = {
  ranked:
    'border border-emerald-700 bg-emerald-100 font-semibold text-emerald-950 dark:bg-emerald-900/60 dark:text-emerald-100',
  unranked:
    'border border-slate-400 bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  answered:
    'border border-teal-700 bg-teal-50 text-teal-950 dark:bg-teal-900/50 dark:text-teal-100',
  cached:
    'border border-dashed border-sky-700 bg-sky-50 text-sky-950 dark:bg-sky-900/50 dark:text-sky-100',
  running: 'border-2 border-sky-600 bg-white text-sky-900 dark:bg-slate-900 dark:text-sky-200',
  waiting: 'border border-dotted border-slate-400 text-slate-700 dark:text-slate-300',
  'not-checked':
    'border border-dotted border-slate-500 bg-slate-50 italic text-slate-700 dark:bg-slate-900 dark:text-slate-300',
  failed: 'border-2 border-red-700 bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-200',
  interrupted:
    'border-2 border-dashed border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100',
};

/** What each kind is called in the counts. */
export const KIND_LABEL: Record<CellKind, string> = {
  ranked: 'ranked',
  unranked: 'not in the results',
  answered: 'answered',
  cached: 'cached',
  running: 'running',
  waiting: 'waiting',
  'not-checked': 'not checked',
  failed: 'failed',
  interrupted: 'interrupted',
};

export function CellBadge({ view }: { view: CellView }) {
  return (
    <span
      data-kind={view.kind}
      className={`inline-block max-w-full truncate rounded px-1.5 text-xs ${KIND_CLASS[view.kind]}`}
      title={view.text}
    >
      {view.text}
    </span>
  );
}

/** How many cells of each kind there are, each in its own look. */
export function CellCounts({ counts }: { counts: Record<CellKind, number> }) {
  const kinds = (Object.keys(counts) as CellKind[]).filter((k) => counts[k] > 0);
  return (
    <ul
      aria-label="Cells by state"
      className="flex flex-wrap gap-2 text-xs"
      data-testid="cell-counts"
    >
      {kinds.map((k) => (
        <li key={k} className={`rounded px-1.5 ${KIND_CLASS[k]}`}>
          {KIND_LABEL[k]}: <span className="tabular-nums">{counts[k]}</span>
        </li>
      ))}
    </ul>
  );
}
