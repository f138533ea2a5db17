import type { AccountSummary } from '../../../api/account.ts';
import { formatNumber } from '../../../lib/format.ts';
import { renewalDate } from '../lib/usage.ts';
import { CreditsMeter } from '../../../workspace/costs/credits-meter.tsx';

const NOT_REPORTED = 'not reported';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** "How much can I still do?" in one glance: credits left with a gauge, renewal, plan, concurrency. */
export function CreditsGlance({ summary: s, now }: { summary: AccountSummary; now: number }) {
  const renewal =
    s.validityDays === undefined
      ? NOT_REPORTED
      : `in ${formatNumber(s.validityDays)} day${s.validityDays === 1 ? '' : 's'} (${renewalDate(s.validityDays, now)})`;
  const active = s.threadCount === undefined ? '?' : formatNumber(s.threadCount);
  const concurrency =
    s.threadCount === undefined && s.concurrencyLimit === undefined
      ? NOT_REPORTED
      : `${active} / ${s.concurrencyLimit === undefined ? '?' : formatNumber(s.concurrencyLimit)}`;
  return (
    <section
      aria-labelledby="glance-heading"
      className="space-y-3 rounded border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="glance-heading" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Credits left
      </h2>
      <p className="text-4xl font-bold tabular-nums" data-testid="account-credits-left">
        {s.creditsLeft === undefined ? NOT_REPORTED : formatNumber(s.creditsLeft)}
      </p>
      {s.creditsLeft !== undefined && s.requestLimit ? (
        <CreditsMeter left={s.creditsLeft} limit={s.requestLimit} />
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact
          label="Used / plan"
          value={`${s.requestUsed === undefined ? NOT_REPORTED : formatNumber(s.requestUsed)} / ${s.requestLimit === undefined ? NOT_REPORTED : formatNumber(s.requestLimit)}`}
        />
        <Fact label="Renews" value={renewal} />
        <Fact label="Plan" value={s.plan ?? NOT_REPORTED} />
        <Fact label="Running now / limit" value={concurrency} />
        {(s.username ?? s.email) !== undefined && (
          <Fact label="User" value={[s.username, s.email].filter(Boolean).join(' · ')} />
        )}
      </dl>
    </section>
  );
}
