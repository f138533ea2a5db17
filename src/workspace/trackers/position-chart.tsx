import { useId } from 'react';
import { axisLabels } from './lib/axis-labels.ts';
import type { PositionHistory } from './lib/history.ts';

const W = 560;
const H = 200;
const PAD = { left: 40, right: 12, top: 12, bottom: 44 };
/** Where "not in the results" is drawn: a row of its own under the axis. */
const BELOW = H - 16;

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** A label at either end of the plot is anchored inward, so it is not cut off by the edge. */
const anchorAt = (x: number) =>
  x < PAD.left + 30 ? 'start' : x > W - PAD.right - 30 ? 'end' : 'middle';

export interface ChartSeries {
  label: string;
  history: PositionHistory;
}

/**
 * A keyword's rank over runs, drawn by hand (no chart library in the bundle): the axis is
 * scaled to the ranks shown with the best on top, a run without an answer is a gap in the line,
 * a run answered without the domain is a hollow marker under the axis, the best rank is
 * labelled, and a change of the ranking URL is a ring. Competitors share the axis, dashed.
 */
export function PositionChart({
  target,
  competitors,
  title,
}: {
  target: ChartSeries;
  competitors: readonly ChartSeries[];
  title: string;
}) {
  const id = useId();
  const all = [target, ...competitors];
  const runs = target.history.points.map((p) => p.run);
  const ranks = all.flatMap((s) =>
    s.history.points.flatMap((p) => (p.kind === 'ranked' ? [p.rank] : [])),
  );
  const top = ranks.length ? Math.max(1, Math.min(...ranks) - 1) : 1;
  const bottom = ranks.length ? Math.max(Math.max(...ranks) + 1, top + 4) : 10;
  const x = (i: number) =>
    PAD.left +
    (runs.length <= 1
      ? (W - PAD.left - PAD.right) / 2
      : (i * (W - PAD.left - PAD.right)) / (runs.length - 1));
  const y = (rank: number) => PAD.top + ((rank - top) * (BELOW - 20 - PAD.top)) / (bottom - top);
  const ticks = axisTicks(top, bottom);
  const best = target.history.best;
  const bestX = best ? x(target.history.points.findIndex((p) => p.run === best.run)) : 0;
  // At most about eight labels, told apart from each other.
  const every = Math.max(1, Math.ceil(runs.length / 8));
  const labelled = runs.filter((_, i) => i % every === 0);
  const labels = new Map(
    axisLabels(labelled.map((r) => r.startedAt)).map((text, i) => [labelled[i]!.id, text]),
  );

  const line = (s: ChartSeries) => {
    const parts: string[] = [];
    let pen = false;
    s.history.points.forEach((p, i) => {
      if (p.kind !== 'ranked') {
        pen = false;
        return;
      }
      parts.push(`${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rank).toFixed(1)}`);
      pen = true;
    });
    return parts.join(' ');
  };

  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        viewBox={`0 0 ${W} ${H}`}
        className="w-full max-w-2xl text-slate-700 dark:text-slate-300"
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{describe(target)}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke="currentColor"
              strokeOpacity="0.15"
            />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              #{t}
            </text>
          </g>
        ))}
        <text x={PAD.left - 6} y={BELOW + 4} textAnchor="end" fontSize="10" fill="currentColor">
          none
        </text>
        {competitors.map((s, k) => (
          <path
            key={s.label}
            d={line(s)}
            fill="none"
            stroke={COMPETITOR_COLORS[k % COMPETITOR_COLORS.length]}
            strokeWidth="1.5"
            strokeDasharray="4 3"
          />
        ))}
        <path d={line(target)} fill="none" stroke="#0f766e" strokeWidth="2.5" />
        {target.history.points.map((p, i) =>
          p.kind === 'ranked' ? (
            <g key={p.run.id}>
              <circle cx={x(i)} cy={y(p.rank)} r="3.5" fill="#0f766e" />
              {p.urlChanged && (
                <circle
                  cx={x(i)}
                  cy={y(p.rank)}
                  r="7"
                  fill="none"
                  stroke="#b45309"
                  strokeWidth="2"
                />
              )}
            </g>
          ) : p.kind === 'not-in-results' ? (
            <path
              key={p.run.id}
              d={`M${x(i) - 4},${BELOW - 4} L${x(i) + 4},${BELOW + 4} M${x(i) + 4},${BELOW - 4} L${x(i) - 4},${BELOW + 4}`}
              stroke="#b91c1c"
              strokeWidth="2"
            />
          ) : null,
        )}
        {best && (
          <text
            x={bestX}
            y={y(best.rank) - 9}
            textAnchor={anchorAt(bestX)}
            fontSize="11"
            fontWeight="600"
            fill="currentColor"
          >
            best #{best.rank}
          </text>
        )}
        {runs.map((r, i) =>
          labels.has(r.id) ? (
            <text
              key={r.id}
              x={x(i)}
              y={H - 2}
              data-axis="x"
              textAnchor={anchorAt(x(i))}
              fontSize="10"
              fill="currentColor"
            >
              {labels.get(r.id)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">
        Solid: {target.label}
        {competitors.length > 0 && `; dashed: ${competitors.map((c) => c.label).join(', ')}`}. A
        gap: not checked; × under the axis: not in the results; a ring: another URL ranked.
      </figcaption>
    </figure>
  );
}

const COMPETITOR_COLORS = ['#7c3aed', '#2563eb', '#db2777', '#65a30d', '#ea580c'];

/** About five ticks from top to bottom, whole places. */
function axisTicks(top: number, bottom: number): number[] {
  const step = Math.max(1, Math.ceil((bottom - top) / 5));
  const ticks: number[] = [];
  for (let t = top; t <= bottom; t += step) ticks.push(t);
  return ticks;
}

/** The chart in words, for a screen reader. */
function describe(series: ChartSeries): string {
  const parts = series.history.points.map(
    (p) =>
      `${day.format(p.run.startedAt)}: ${p.kind === 'ranked' ? `#${p.rank}${p.urlChanged ? ' (another URL)' : ''}` : p.kind === 'not-in-results' ? 'not in the results' : 'not checked'}`,
  );
  const best = series.history.best ? ` Best ever #${series.history.best.rank}.` : '';
  return `${series.label}: ${parts.join('; ')}.${best}`;
}
