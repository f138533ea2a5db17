import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAccount } from './use-account.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLowCreditThreshold } from './low-credit-threshold.ts';
import { useApiKey } from '../../session/use-api-key.ts';
import { useHeaderShowsCredits } from '../../session/presenter-mode.ts';

/** Without a threshold of the user's, the pill warns below this share of the plan. */
const DEFAULT_LOW_SHARE = 0.1;

/** Credits left at a glance, linking to the account; refreshed after every request that may spend credits. */
export function CreditsPill() {
  const apiKey = useApiKey();
  const threshold = useLowCreditThreshold();
  const { data, isError, isPending, isFetching } = useAccount();
  const left = apiKey ? data?.summary.creditsLeft : undefined;
  const limit = data?.summary.requestLimit;
  const belowThreshold = threshold !== null && left !== undefined && left < threshold;
  const low =
    belowThreshold ||
    (threshold === null &&
      left !== undefined &&
      limit !== undefined &&
      left < limit * DEFAULT_LOW_SHARE);
  const shown = useHeaderShowsCredits();
  useCreditsTitle(shown ? left : undefined);
  if (!apiKey || !shown) return null;
  let text: string;
  if (isError) text = 'credits: unavailable';
  else if (isPending) text = 'credits: …';
  else if (data.summary.creditsLeft === undefined) text = 'credits: unknown';
  else text = `${formatNumber(data.summary.creditsLeft)} credits left`;
  // A width of its own for every usual figure (smaller type on a phone, where the header's row
  // must fit 390 px): the text changes ("credits: …", then the
  // number, then a smaller number), and a pill that resized would move what is beside it.
  return (
    <>
      <Link
        to="/account"
        data-testid="credits-pill"
        aria-busy={isFetching || undefined}
        title={low ? 'Credits are low: open the account' : 'Open the account'}
        className={`min-w-[8rem] rounded-full px-2 py-0.5 text-xs whitespace-nowrap sm:min-w-[10.5rem] sm:px-3 sm:text-sm font-medium tabular-nums ${low || isError ? 'bg-amber-200 text-amber-950 ring-1 ring-amber-600' : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'}`}
      >
        {text}
      </Link>
      {belowThreshold && <LowCreditBanner key={threshold} left={left} threshold={threshold} />}
    </>
  );
}

/**
 * The tab title shows the credits left (a pinned tab shows them; issue #35, point 2), unless
 * presenter mode hides the balance.
 */
function useCreditsTitle(left: number | undefined) {
  useEffect(() => {
    if (left === undefined) return;
    const original = document.title;
    const credits = `${formatNumber(left)} credits left`;
    document.title = original ? `${credits} · ${original}` : credits;
    return () => {
      document.title = original;
    };
  }, [left]);
}

/** Said once per threshold in this tab: dismissed, it stays away until the threshold changes. */
const DISMISSED_KEY = 'web-data-dashboard.low-credit-banner-dismissed';

function dismissedFor(threshold: number): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === String(threshold);
  } catch {
    return false;
  }
}

function LowCreditBanner({ left, threshold }: { left: number; threshold: number }) {
  const [dismissed, setDismissed] = useState(() => dismissedFor(threshold));
  if (dismissed) return null;
  return (
    <div
      aria-live="polite"
      aria-label="Low credits"
      role="region"
      className="fixed bottom-4 right-4 z-40 flex max-w-sm items-start gap-3 rounded border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 shadow-lg dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        Credits are below your threshold of {formatNumber(threshold)}: {formatNumber(left)} left.{' '}
        <Link to="/account" className="underline">
          See the account
        </Link>
      </p>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => {
          try {
            window.sessionStorage.setItem(DISMISSED_KEY, String(threshold));
          } catch {
            // Storage disabled: dismissed for as long as the page lives.
          }
          setDismissed(true);
        }}
      >
        Dismiss
      </button>
    </div>
  );
}
