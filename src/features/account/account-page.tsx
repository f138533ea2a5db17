import { useAccount } from '../../api/account-queries.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { JsonViewer } from '../../components/json-viewer.tsx';
import { formatNumber } from '../../lib/format.ts';
import { openKeyDialog } from '../../session/key-dialog-store.ts';
import { useApiKey } from '../../session/use-api-key.ts';

function Field({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="rounded border border-slate-200 p-3 dark:border-slate-700">
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="text-xl font-semibold tabular-nums">{value ?? '—'}</dd>
    </div>
  );
}

export default function AccountPage() {
  const apiKey = useApiKey();
  const account = useAccount();
  const s = account.data?.summary;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold">Account</h1>
        {apiKey && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void account.refetch()}
            disabled={account.isFetching}
          >
            {account.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </div>
      {!apiKey && (
        <p>
          Set a key to see its account.{' '}
          <button type="button" className="btn-primary" onClick={openKeyDialog}>
            Set API key
          </button>
        </p>
      )}
      {account.isError && (
        <ErrorPanel error={account.error} onRetry={() => void account.refetch()} />
      )}
      {s && (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="Credits left" value={formatNumber(s.creditsLeft)} />
            <Field label="Credits used" value={formatNumber(s.requestUsed)} />
            <Field label="Plan credits" value={formatNumber(s.requestLimit)} />
            <Field
              label="Renews in (days)"
              value={s.validityDays === undefined ? undefined : formatNumber(s.validityDays)}
            />
            <Field label="Running now" value={formatNumber(s.threadCount)} />
            <Field label="Concurrency limit" value={formatNumber(s.concurrencyLimit)} />
            <Field label="Plan" value={s.plan} />
            <Field label="User" value={s.username ?? s.email} />
          </dl>
          {s.otherNumbers.length > 0 && (
            <section aria-labelledby="other-heading">
              <h2 id="other-heading" className="font-semibold">
                Other counters
              </h2>
              <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {s.otherNumbers.map(([k, v]) => (
                  <Field key={k} label={k} value={formatNumber(v)} />
                ))}
              </dl>
            </section>
          )}
          <details>
            <summary className="cursor-pointer text-sm font-medium">Raw response</summary>
            <JsonViewer value={account.data?.raw} label="account" />
          </details>
        </>
      )}
    </div>
  );
}
