import { describeChange, type RankedLink } from '../lib/rank-diff.ts';
import { ExternalLink } from './external-link.tsx';

const CHANGE_STYLE: Record<RankedLink['change'], string> = {
  up: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  down: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  same: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  new: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  dropped: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
};

function ChangeBadge({ row }: { row: RankedLink }) {
  const text = {
    up: `↑ ${row.delta}`,
    down: `↓ ${-(row.delta ?? 0)}`,
    same: '=',
    new: 'new',
    dropped: 'dropped',
  }[row.change];
  return (
    <span
      className={`rounded px-1.5 text-xs font-semibold ${CHANGE_STYLE[row.change]}`}
      title={describeChange(row)}
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{describeChange(row)}</span>
    </span>
  );
}

/**
 * One side of a rank diff (search's compare, a tracker's SERP diff): each result with its rank
 * and its move to or from the other side.
 */
export function RankDiffColumn({
  title,
  rows,
  rank,
}: {
  title: string;
  rows: RankedLink[];
  rank: (r: RankedLink) => string;
}) {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ol aria-label={title} className="space-y-1">
        {rows.map((r) => (
          <li key={r.key} className="flex items-start gap-2 text-sm">
            <span className="w-16 shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
              {rank(r)}
            </span>
            <span className="min-w-0 flex-1">
              {/* `relative`: the link's truncation also clips its screen-reader note ("opens in
                  a new tab"), which otherwise stuck out of a phone's screen by a pixel. */}
              <ExternalLink
                href={r.link}
                className="relative block truncate text-blue-800 hover:underline dark:text-blue-300"
              >
                {r.title}
              </ExternalLink>
            </span>
            <ChangeBadge row={r} />
          </li>
        ))}
      </ol>
    </div>
  );
}
