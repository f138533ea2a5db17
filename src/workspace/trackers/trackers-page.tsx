import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FileOpener } from '../../components/file-opener.tsx';
import { useAfterPaint } from '../../components/use-after-paint.ts';
import { useSandboxMode } from '../../components/use-sandbox-mode.ts';
import { useStore } from '../../lib/store.ts';
import { downloadText, fileDate } from '../../lib/download.ts';
import { serializeTrackers } from './lib/tracker-file-write.ts';
import { loadLatestMovers, loadRuns, readTrackerList } from './tracker-storage.ts';
import type { Tracker } from './lib/tracker.ts';
import { TrackerList } from './tracker-list.tsx';
import { RunnerSection, RunnerTrackerDetail } from './runner-section.tsx';
import { DETAIL_LOADING, trackerDetailCode } from './tracker-detail-code.tsx';
import { trackerSession } from './tracker-session.ts';
import { TrackerAlerts } from './tracker-alerts.tsx';
import { SandboxDrift } from './sandbox-drift.tsx';
import { StorageBudgetField } from './storage-budget-field.tsx';
import { holdTrackerSchedule } from './tracker-schedule.tsx';
import { useTrackerFromBatch, type HandoffStatus } from './use-tracker-from-batch.ts';
import { keepAhead } from './read-ahead.ts';
import { readRunnerAhead } from './runner-connection.ts';

/**
 * A page opened on a tracker (a reload, a link to `/trackers?tracker=…`, or to a runner's
 * `?runner=…` with its token held) starts its detail's code and the reads of its first screen
 * (the list and the latest movers record; a runner's list and newest runs) as this module is
 * evaluated, not after the app's first render and commit: at 4× CPU that render is a few
 * hundred milliseconds the reads would wait behind, and the detail's module is then evaluated
 * before the movers arrive rather than after them (docs/performance.md, branch trk9a).
 */
function readAhead(page: Pick<Location, 'pathname' | 'search'>): Promise<unknown> | undefined {
  // This module is also evaluated ahead of a navigation to it (a demo's next step): only the
  // page's own address on this view says a tracker is being opened.
  if (page.pathname !== '/trackers') return;
  const params = new URLSearchParams(page.search);
  const trackerId = params.get('tracker');
  const runnerTrackerId = params.get('runner');
  if (trackerId === null && runnerTrackerId === null) return;
  const detailCode = trackerDetailCode.preload().catch(() => {});
  const read =
    trackerId !== null
      ? keepAhead(trackerId, readTrackerList(), loadLatestMovers(trackerId))
      : readRunnerAhead(runnerTrackerId!);
  return Promise.race([Promise.all([read, detailCode]), after(FIRST_SCREEN_WAIT_MS)]);
}

/** The longest the view's first render waits for its first screen's reads (a stuck storage). */
const FIRST_SCREEN_WAIT_MS = 3_000;
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The router renders this view once `ready` settles (app/router.tsx). A page opened on a
 * tracker waits for its first screen's reads and the detail's code, so the app's first commit
 * draws that screen whole (decision 126): for one of this browser's, where the page's boot
 * paint drew it from the same records, rather than "Reading the stored trackers…" in its
 * place; for a runner's, rather than "Reading the runner…" and a second commit.
 */
export const ready = readAhead(window.location);

/** A trackers file is a few MB at most (1,000 cells × 30 runs of ten results, without titles). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Trackers: batches run again over time, kept in this browser. The list (each with its last
 * run, its cost, and the next run's cost), the alerts, import, and the open tracker.
 */
export default function TrackersPage() {
  const session = trackerSession(useQueryClient());
  const state = useStore(session.store);
  const [params, setParams] = useSearchParams();
  const openId = params.get('tracker');
  const sandbox = useSandboxMode();
  const queryClient = useQueryClient();
  useEffect(() => {
    void session.load();
  }, [session]);
  // The schedule is checked while this view is open, whatever the shell loaded.
  useEffect(() => holdTrackerSchedule(queryClient), [queryClient]);
  useEffect(() => {
    // The detail's code travels while its runs are read.
    if (openId !== null) void trackerDetailCode.preload().catch(() => {});
    void session.openTracker(openId);
  }, [session, openId]);
  const open = state.trackers.find((t) => t.id === openId);
  const handoff = useTrackerFromBatch(session);
  // A page opened on a tracker commits that tracker's first screen alone (decision 126); what
  // comes below it (notices, the lists, the runner, import) two frames later, below the fold.
  const [openedOnTracker] = useState(openId !== null || params.get('runner') !== null);
  const restPainted = useAfterPaint(2);
  const rest = !openedOnTracker || restPainted;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Trackers</h1>
      <p data-trackers-intro className="text-sm text-slate-700 dark:text-slate-300">
        A tracker is a batch run again over time: every run is kept in this browser, priced before
        it starts and capped, so any two runs can be compared. Make one with{' '}
        <strong>Save as tracker</strong> on a{' '}
        <Link to="/batch" className="underline">
          batch
        </Link>
        .
      </p>
      <HandoffNotice status={handoff} />
      {openId && !open && state.status === 'ready' && (
        <p role="status">That tracker is not stored in this browser.</p>
      )}
      {open && state.open?.trackerId === open.id && (
        <trackerDetailCode.Preloaded
          fallback={DETAIL_LOADING}
          key={open.id}
          session={session}
          tracker={open}
          runs={state.open.runs}
          reading={state.open.reading}
          cut={state.open.cut}
          now={state.open.at}
          running={state.running}
        />
      )}
      <RunnerTrackerDetail />
      {rest && (
        <>
          {sandbox && <SandboxDrift />}
          {state.storageError && (
            <p role="alert">
              This browser refuses the storage trackers are kept in (IndexedDB): none can be kept
              here.
            </p>
          )}
          <TrackerAlerts alerts={state.alerts} onSeen={() => void session.seeAlerts()} />
          {state.status === 'loading' ? (
            <p role="status">Reading the stored trackers…</p>
          ) : (
            <TrackerList
              trackers={state.trackers}
              lastRuns={state.lastRuns}
              openId={openId}
              onOpen={(id) => setParams({ tracker: id })}
            />
          )}
          {state.trackers.length > 0 && (
            <div className="flex flex-wrap items-center gap-3">
              <StorageBudgetField version={state.lastRuns} />
              <button
                type="button"
                className="rounded border border-slate-400 px-3 py-1 text-sm"
                onClick={() => void exportAll(state.trackers)}
              >
                Export all trackers
              </button>
            </div>
          )}
          <RunnerSection />
          <FileOpener
            label="Import trackers"
            help="A trackers file saved here (with its runs). It is checked whole before anything is stored; it never holds a key."
            what="a trackers file"
            maxBytes={MAX_FILE_BYTES}
            open={async (file) => {
              // The file's reader (its schemas: zod) loads when a file is imported, not with the view.
              const { parseTrackers } = await import('./lib/tracker-file.ts');
              const parsed = parseTrackers(await file.text());
              if ('errors' in parsed)
                return `This file was not imported: ${parsed.errors.slice(0, 5).join(' ')}`;
              await session.importEntries(parsed.entries);
              setParams({ tracker: parsed.entries[0]!.tracker.id });
              return null;
            }}
          />
        </>
      )}
    </div>
  );
}

const HANDOFF_TEXT: Record<Exclude<HandoffStatus, 'none'>, string> = {
  saving: 'Saving the tracker, with the batch’s answers as its first run…',
  missing:
    'That batch is not stored in this tab any more (a key was cleared, or it is over a day old): no tracker was made. Run the batch again, then Save as tracker.',
  refused: 'The tracker could not be stored (the browser refused its storage).',
};

function HandoffNotice({ status }: { status: HandoffStatus }) {
  if (status === 'none') return null;
  return <p role={status === 'saving' ? 'status' : 'alert'}>{HANDOFF_TEXT[status]}</p>;
}

/** Every tracker with every run, as one file (read from storage when asked). */
async function exportAll(trackers: readonly Tracker[]) {
  const entries = [];
  for (const tracker of trackers) entries.push({ tracker, runs: await loadRuns(tracker.id) });
  downloadText(
    `trackers_${fileDate()}.trackers.json`,
    serializeTrackers(entries),
    'application/json',
  );
}
