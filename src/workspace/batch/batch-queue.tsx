import { useId, useState } from 'react';
import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { spentAgainstCap, type BatchSession, type BatchState } from './batch-session.ts';
import { cellsToResume, cellsToRetry, creditsSpent, type CellRuns } from '../runs/lib/cells.ts';
import type { BatchCell } from '../runs/lib/matrix.ts';
import { runCost } from './new-batch-form.tsx';
import { readCap } from './use-batch-draft.ts';
import { useBatchAccount, useBatchPlan, useCountedCost } from '../runs/use-run-plan.ts';

const requests = (n: number) => `${formatNumber(n)} request${n === 1 ? '' : 's'}`;

function eta(ms: number | null): string | null {
  if (ms === null) return null;
  const s = Math.round(ms / 1000);
  if (s < 60) return `about ${s} s left`;
  return `about ${Math.floor(s / 60)} min ${s % 60} s left`;
}

/** Cells with an answer (paid or cached) and cells that failed. */
function progressOf(cells: readonly BatchCell[], runs: CellRuns) {
  let done = 0;
  let failed = 0;
  for (const cell of cells) {
    const state = runs[cell.id]?.state;
    if (state === 'answered' || state === 'cached') done += 1;
    else if (state === 'failed') failed += 1;
  }
  return { done, failed };
}

const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/** When the run stops at its cap: what is left and what it costs, and the way on. */
function CapHold({ state, session }: { state: BatchState; session: BatchSession }) {
  const id = useId();
  const [text, setText] = useState('');
  const queue = state.queue!;
  const raised = readCap(text);
  const cap = state.batch?.definition.cap ?? 0;
  return (
    <div
      role="alert"
      className="space-y-2 rounded border border-amber-400 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p>
        The cap of {pluralCredits(cap)} stops the run here: the next request would cross it.{' '}
        {requests(queue.waiting)} left would cost {pluralCredits(queue.waitingCost)} more. Continue?
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-cap`}>New cap</label>
          <input
            id={`${id}-cap`}
            type="text"
            inputMode="numeric"
            value={text}
            aria-invalid={'error' in raised ? true : undefined}
            onChange={(e) => setText(e.target.value)}
            className="w-28 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
          <span>credits</span>
        </div>
        <button
          type="button"
          className="btn-secondary"
          disabled={!('cap' in raised) || raised.cap === null || raised.cap <= cap}
          onClick={() => 'cap' in raised && session.resume(raised.cap)}
        >
          Continue with the new cap
        </button>
        <button type="button" className="btn-secondary" onClick={() => session.resume(null)}>
          Continue without a cap · {pluralCredits(queue.waitingCost)} more
        </button>
        <button type="button" className="btn-secondary" onClick={session.cancel}>
          Stop here
        </button>
      </div>
    </div>
  );
}

/** Resume (cells never sent) and Retry failed, each after saying what it costs. */
function SendAgain({
  state,
  session,
  cells,
}: {
  state: BatchState;
  session: BatchSession;
  cells: readonly BatchCell[];
}) {
  const id = useId();
  const [withInterrupted, setWithInterrupted] = useState(false);
  const batch = state.batch!;
  const { endpoint, cap, concurrency } = batch.definition;
  const account = useBatchAccount();
  const resume = cellsToResume(cells, state.runs);
  const retry = cellsToRetry(cells, state.runs, { interrupted: withInterrupted });
  const interrupted = cells.filter((c) => state.runs[c.id]?.state === 'interrupted').length;
  // The cap is the batch's: what it spent already counts.
  const unit = useCountedCost(endpoint).credits;
  const left = cap === null ? null : Math.max(0, cap - spentAgainstCap(state.runs, unit));
  const resumePlan = useBatchPlan(endpoint, resume, left);
  const retryPlan = useBatchPlan(endpoint, retry, left);
  const send = (list: readonly BatchCell[]) => session.run(list, account.limit(concurrency));
  if (resume.length === 0 && retry.length === 0 && interrupted === 0) return null;
  return (
    <div className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {resume.length > 0 && (
          <button type="button" className="btn-primary" onClick={() => send(resume)}>
            Resume · {requests(resumePlan.toSend)} never sent · {runCost(resumePlan)}
          </button>
        )}
        {retry.length > 0 && (
          <button type="button" className="btn-secondary" onClick={() => send(retry)}>
            Retry failed · {requests(retryPlan.toSend)} · {runCost(retryPlan)}
          </button>
        )}
      </div>
      {left !== null && (resume.length > 0 || retry.length > 0) && (
        <p>
          The cap of {pluralCredits(cap ?? 0)} leaves {pluralCredits(left)} for this batch.
        </p>
      )}
      {interrupted > 0 && (
        <label className="flex items-center gap-2">
          <input
            id={`${id}-interrupted`}
            type="checkbox"
            checked={withInterrupted}
            onChange={(e) => setWithInterrupted(e.target.checked)}
          />
          Also retry the {formatNumber(interrupted)} interrupted (they may have been charged
          already)
        </label>
      )}
    </div>
  );
}

/**
 * The queue of the batch: progress (done, failed, left, credits spent, time left) in a live
 * region, Pause, Resume, Cancel, what a pause or hold means, and the way on after one.
 */
export function BatchQueue({ state, session }: { state: BatchState; session: BatchSession }) {
  const batch = state.batch;
  if (!batch) return null;
  const cells = batch.matrix.cells;
  const queue = state.queue;
  const { done, failed } = progressOf(cells, state.runs);
  const left = cells.length - done - failed;
  const spent = creditsSpent(state.runs);
  const held = queue?.held ?? null;
  return (
    <div className="space-y-2">
      <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-3 text-sm">
        <progress
          max={cells.length}
          value={done + failed}
          aria-label="Batch progress"
          className="h-2 w-48 accent-teal-700"
        />
        <span className="tabular-nums" data-testid="batch-progress">
          {formatNumber(done)} done · {formatNumber(failed)} failed · {formatNumber(left)} left ·{' '}
          {pluralCredits(spent)} spent
          {state.live && held === null && queue && eta(queue.etaMs) ? ` · ${eta(queue.etaMs)}` : ''}
        </span>
        {state.live && queue?.pausedUntil != null && (
          <span className="text-amber-800 dark:text-amber-300">
            The service said too many at once (HTTP 429, not charged): waiting until{' '}
            {clock.format(queue.pausedUntil)}, then going on by itself with fewer at once.
          </span>
        )}
        {state.live && held === 'paused' && <span>Paused: requests already sent finish.</span>}
      </div>
      {state.live && (
        <div className="flex flex-wrap gap-2">
          {held === null && (
            <button type="button" className="btn-secondary" onClick={session.pause}>
              Pause
            </button>
          )}
          {(held === 'paused' || held === 'fatal') && (
            <button type="button" className="btn-secondary" onClick={() => session.resume()}>
              Resume
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={session.cancel}>
            Cancel
          </button>
        </div>
      )}
      {state.live && held === 'cap' && <CapHold state={state} session={session} />}
      {state.live && held === 'fatal' && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The service refused a request in a way every other one would meet too (a wrong key, or no
          credits left): the run holds, and the cells it did not send are not checked.
        </p>
      )}
      {!state.live && <SendAgain state={state} session={session} cells={cells} />}
    </div>
  );
}
