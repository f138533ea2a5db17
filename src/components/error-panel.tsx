import { Link } from 'react-router';
import { ParamValidationError } from '../api/client.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import { chargedLabel, isApiError } from '../api/errors.ts';
import { formatDuration } from '../lib/format.ts';

export interface ErrorPanelProps {
  error: unknown;
  onRetry?: () => void;
  /** Says what a retry costs, like Run does ("Try again · 20 credits"). */
  retryLabel?: string;
  /** While a request runs, a retry would send a second one: it is disabled. */
  retryDisabled?: boolean;
}

/** The vendor's billing page, when the build names one (`VITE_BILLING_URL`). */
const BILLING_URL = ((): string | null => {
  const raw: unknown = import.meta.env.VITE_BILLING_URL;
  if (typeof raw !== 'string' || !/^https:\/\//.test(raw)) return null;
  return raw;
})();

/** Out of credits: the plan, never a retry that cannot help. */
function BillingLinks() {
  return (
    <p className="flex flex-wrap gap-3 text-sm">
      {BILLING_URL && (
        <a className="btn-primary" href={BILLING_URL} target="_blank" rel="noreferrer noopener">
          Open the vendor&apos;s billing
        </a>
      )}
      <Link className="btn-secondary" to="/account">
        See the account and when it renews
      </Link>
    </p>
  );
}

/** A failure in place of results: what happened, whether credits went, what to do. */
export function ErrorPanel({
  error,
  onRetry,
  retryLabel = 'Try again',
  retryDisabled = false,
}: ErrorPanelProps) {
  if (isApiError(error)) {
    return (
      <div
        role="alert"
        className="rounded border border-red-300 dark:border-red-800 bg-red-50 dark:bg-red-950/40 p-4 space-y-2"
      >
        <p className="font-semibold text-red-800 dark:text-red-200">{error.title}.</p>
        <p className="text-sm">
          <strong>{chargedLabel(error.charged)}</strong> {error.advice}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {error.kind === 'http' ? `HTTP ${error.status}` : error.kind} · {error.endpoint}
          {error.durationMs !== undefined && ` · after ${formatDuration(error.durationMs)}`}
        </p>
        {error.bodyExcerpt && (
          <details>
            <summary className="cursor-pointer text-sm">What the service said</summary>
            <pre className="mt-1 whitespace-pre-wrap break-all text-xs bg-white/60 dark:bg-black/30 p-2 rounded">
              {error.bodyExcerpt}
            </pre>
          </details>
        )}
        {error.nextStep === 'key' && (
          <button type="button" className="btn-primary" onClick={openKeyDialog}>
            Change the API key
          </button>
        )}
        {error.nextStep === 'billing' && <BillingLinks />}
        {onRetry && error.nextStep === 'retry' && (
          <button
            type="button"
            className="btn-secondary"
            onClick={onRetry}
            disabled={retryDisabled}
          >
            {retryLabel}
          </button>
        )}
      </div>
    );
  }
  if (error instanceof ParamValidationError) {
    return (
      <div
        role="alert"
        className="rounded border border-amber-300 bg-amber-50 dark:bg-amber-950/40 p-4"
      >
        <p className="font-semibold">Nothing was sent: some parameters need fixing.</p>
        <ul className="list-disc pl-5 text-sm">
          {Object.entries(error.errors).map(([k, m]) => (
            <li key={k}>{m}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 dark:bg-red-950/40 p-4">
      <p className="font-semibold">Something went wrong in the dashboard.</p>
      <p className="text-sm">{error instanceof Error ? error.message : String(error)}</p>
    </div>
  );
}
