import { Link } from 'react-router';
import { useAccount } from '../api/account-queries.ts';
import { formatNumber } from '../lib/format.ts';
import { useApiKey } from '../session/use-api-key.ts';

/** Credits left at a glance; refreshed after every request that may spend credits. */
export function CreditsPill() {
  const apiKey = useApiKey();
  const { data, isError, isPending, isFetching } = useAccount();
  if (!apiKey) return null;
  let text: string;
  if (isError) text = 'credits: unavailable';
  else if (isPending) text = 'credits: …';
  else if (data.summary.creditsLeft === undefined) text = 'credits: unknown';
  else text = `${formatNumber(data.summary.creditsLeft)} credits left`;
  const low =
    data?.summary.creditsLeft !== undefined &&
    data.summary.requestLimit !== undefined &&
    data.summary.creditsLeft < data.summary.requestLimit * 0.1;
  return (
    <Link
      to="/account"
      data-testid="credits-pill"
      aria-busy={isFetching || undefined}
      className={`rounded-full px-3 py-0.5 text-sm font-medium ${low || isError ? 'bg-red-100 text-red-900' : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'}`}
    >
      {text}
    </Link>
  );
}
