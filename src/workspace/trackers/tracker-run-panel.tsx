import { formatNumber, pluralCredits } from '../../lib/format.ts';
import { openKeyDialog } from '../../session/key-dialog-store.ts';
import { getApiKey } from '../../session/key-store.ts';
import { planSummary, type BatchPlan } from '../runs/lib/pricing.ts';
import type { Tracker } from './lib/tracker.ts';
import type { RunProgress, TrackerSession } from './tracker-session.ts';

/** What the next run costs, Run now (the key first when there is none), and the run going on. */
export function TrackerRunPanel({
  session,
  tracker,
  plan,
  running,
  limit,
}: {
  session: TrackerSession;
  tracker: Tracker;
  plan: BatchPlan;
  running: RunProgress | null;
  limit: () => number;
}) {
  const busy = running !== null;
  const runNow = () => {
    if (!getApiKey()) return openKeyDialog();
    void session.run(tracker, limit());
  };
  return (
    <div className="space-y-2 rounded border border-slate-200 p-3 dark:border-slate-700">
      <p className="text-sm" data-testid="tracker-plan">
        Next run: {planSummary(plan)}. A tracker run always asks for fresh answers: answers this tab
        already holds are asked again and paid for.
        {tracker.monthlyCap !== null && ` Monthly cap: ${pluralCredits(tracker.monthlyCap)}.`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={runNow}
          disabled={busy}
          className="rounded bg-teal-700 px-3 py-1.5 font-medium text-white disabled:opacity-50"
        >
          Run now
        </button>
        {running?.trackerId === tracker.id && (
          <>
            <span role="status" className="text-sm">
              Running: {formatNumber(running.done)} of {formatNumber(running.total)} answered
            </span>
            <button
              type="button"
              onClick={session.cancel}
              className="rounded border border-slate-400 px-3 py-1"
            >
              Cancel
            </button>
          </>
        )}
      </div>
    </div>
  );
}
