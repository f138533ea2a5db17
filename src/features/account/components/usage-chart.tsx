import type { UsageReading } from '../../../api/session-usage.ts';
import { formatNumber } from '../../../lib/format.ts';

const W = 320;
const H = 80;

/** Credits left over time from this session's account refreshes, as a small line chart. */
export function UsageChart({ readings }: { readings: readonly UsageReading[] }) {
  const points = readings
    .filter((r) => r.requestLimit !== undefined)
    .map((r) => ({ at: r.at, left: Math.max(0, r.requestLimit! - r.requestUsed) }));
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The chart starts after two refreshes of the account.
      </p>
    );
  const lows = points.map((p) => p.left);
  const min = Math.min(...lows);
  const max = Math.max(...lows);
  const span = Math.max(1, last.at - first.at);
  const range = Math.max(1, max - min);
  const path = points
    .map((p) => {
      const x = ((p.at - first.at) / span) * (W - 4) + 2;
      const y = H - 4 - ((p.left - min) / range) * (H - 8);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const summary = `Credits left went from ${formatNumber(first.left)} to ${formatNumber(last.left)} over ${points.length} refreshes between ${new Date(first.at).toLocaleTimeString()} and ${new Date(last.at).toLocaleTimeString()}.`;
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        className="h-20 w-full max-w-md text-teal-700 dark:text-teal-400"
        preserveAspectRatio="none"
      >
        <polyline points={path} fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">{summary}</figcaption>
    </figure>
  );
}
