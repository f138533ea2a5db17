import { formatNumber } from '../../lib/format.ts';

/** Below this share of the plan left, the meter's part left turns amber (as the header's pill). */
export const LOW_SHARE = 0.1;

/**
 * The one picture of the credits (issue #35, point 2), on the overview and the account view
 * alike: what is left, from the left, with the used part after it. Its number is what is left.
 */
export function CreditsMeter({
  left,
  limit,
  className = 'w-full',
}: {
  left: number;
  limit: number;
  className?: string;
}) {
  const share = limit > 0 ? Math.min(1, Math.max(0, left / limit)) : 0;
  const percent = Math.round(share * 1000) / 10;
  return (
    <div className={`space-y-1 ${className}`}>
      <div
        role="meter"
        aria-label="Share of the plan's credits left"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={`${percent}% left: ${formatNumber(left)} of ${formatNumber(limit)}`}
        className="flex h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full ${share < LOW_SHARE ? 'bg-amber-500' : 'bg-teal-600'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <p className="flex justify-between text-xs text-slate-600 tabular-nums dark:text-slate-400">
        <span>{percent}% left</span>
        <span>{formatNumber(Math.max(0, limit - left))} used</span>
      </p>
    </div>
  );
}
