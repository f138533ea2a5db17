import { costLabel } from '../../../lib/cost.ts';
import { useAutocompleteCost } from '../use-autocomplete-cost.ts';
import type { BatchRun } from '../use-batch-run.ts';

const requests = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`;

/**
 * The Run button of a batch (saying how many requests it sends before it runs), its progress
 * with Cancel, a 429 pause, and what the user cancelled.
 */
export function BatchControls({
  batch,
  action,
  disabledReason,
  submit = false,
}: {
  batch: BatchRun;
  action: string;
  /** Why nothing can run now (e.g. no query yet); null when it can. */
  disabledReason: string | null;
  /** The button submits its form (which validates first) instead of running directly. */
  submit?: boolean;
}) {
  const { runs, busy, done, total, toSend } = batch;
  const cost = useAutocompleteCost();
  const paused = runs.queue?.pausedUntil ?? null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type={submit ? 'submit' : 'button'}
          className="btn-primary"
          disabled={busy || disabledReason !== null}
          onClick={submit ? undefined : batch.start}
        >
          {action} · {requests(toSend)} · {toSend === 0 ? '0 credits' : costLabel(cost, toSend)}
        </button>
        {disabledReason && (
          <span className="text-sm text-slate-600 dark:text-slate-400">{disabledReason}</span>
        )}
        {!disabledReason && (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            At most {batch.concurrency} at once (your plan&apos;s concurrency, one slot kept free).
          </span>
        )}
      </div>
      {busy && (
        <div role="status" className="flex flex-wrap items-center gap-3 text-sm">
          <progress
            max={total}
            value={done}
            aria-label={`${action} progress`}
            className="h-2 w-48 accent-teal-700"
          />
          <span className="tabular-nums">
            {done} of {total} done
          </span>
          {paused !== null && (
            <span className="text-amber-800 dark:text-amber-300">
              Paused: the service said too many requests at once (HTTP 429, not charged). Resuming
              by itself with fewer at once.
            </span>
          )}
          <button type="button" className="btn-secondary" onClick={runs.cancel}>
            Cancel
          </button>
        </div>
      )}
      {!busy && batch.failed > 0 && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {requests(batch.failed)} failed (no credits are charged for a failed request). What
          arrived is kept; running again sends only the missing ones.
        </p>
      )}
      {runs.cancelled && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          Cancelled after {done} of {total}. Requests already sent may still be charged; what
          arrived is kept below.
        </p>
      )}
    </div>
  );
}
