import { useState } from 'react';
import { useStore } from '../../lib/store.ts';
import { runnerTokenStore } from '../../session/runner-token.ts';
import type { Tracker } from './lib/tracker.ts';
import { sendToRunner } from './runner-connection.ts';
import { loadRuns } from './tracker-storage.ts';
import type { TrackerSession } from './tracker-session.ts';

/**
 * Move to the runner: sends the tracker and every run (the trackers file Export writes, which
 * never holds a key), then turns this browser's schedule for it off, so the two never both pay
 * for a slot (decision 079). Shown once a runner is connected.
 */
export function MoveToRunner({ session, tracker }: { session: TrackerSession; tracker: Tracker }) {
  const token = useStore(runnerTokenStore);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  if (!token) return null;
  const move = async () => {
    setSending(true);
    const problem = await sendToRunner({ tracker, runs: await loadRuns(tracker.id) });
    if (!problem && tracker.cadence !== 'off') await session.save({ ...tracker, cadence: 'off' });
    setSending(false);
    setOutcome(
      problem
        ? { ok: false, text: `Not moved: ${problem}` }
        : {
            ok: true,
            text: `Moved to the runner with its runs: it runs there now${tracker.cadence === 'off' ? '' : ` (${tracker.cadence}); this browser’s copy is kept, its schedule turned off`}.`,
          },
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="rounded border border-slate-400 px-3 py-1 text-sm"
        disabled={sending}
        onClick={() => void move()}
      >
        Move to the runner
      </button>
      {sending && <span role="status">Sending the tracker to the runner…</span>}
      {outcome && <p role={outcome.ok ? 'status' : 'alert'}>{outcome.text}</p>}
    </div>
  );
}
