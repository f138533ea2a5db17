import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { metaQueries } from '../../api/meta-queries.ts';
import { useStore } from '../../lib/store.ts';
import { runnerTokenStore } from '../../session/runner-token.ts';
import {
  connectRunner,
  disconnectRunner,
  loadOlderRunnerRuns,
  openRunnerCell,
  openRunnerTracker,
  refreshRunner,
  runnerCellRuns,
  runnerRuns,
  runnerState,
} from './runner-connection.ts';
import { TrackerAlerts } from './tracker-alerts.tsx';
import { DETAIL_LOADING, trackerDetailCode } from './tracker-detail-code.tsx';
import { TrackerList } from './tracker-list.tsx';

/**
 * The runner (`npm run runner`, issue 38): trackers that run with no browser open. Reached
 * same-origin under /runner/ (RUNNER_URL in .env, proxied), with a token held like the API key.
 * Its trackers show with the local trackers' own list, alerts and detail, read-only here: the
 * runner's command line sets their schedules, caps and channels.
 */
export function RunnerSection() {
  const id = useId();
  const meta = useQuery(metaQueries.current());
  // Only a server that forwards /runner/ can reach a runner: without one, a token field would
  // ask for something nothing could check. An unread meta (an error) leaves the connection on:
  // its own errors then say what is wrong.
  // A runner already read (a page opened on one of its trackers reads it ahead) is there.
  const state = useStore(runnerState);
  const read = 'view' in state && state.view !== null;
  const configured = meta.isError || read ? true : meta.data?.runner;
  useFirstReads();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded border border-slate-300 p-3 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Runner
      </h2>
      {configured === false && (
        // Named, not linked: the app serves no README and knows no address where it is published.
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No runner is set up. To run trackers with no browser open, start{' '}
          <code>npm run runner</code> with <code>RUNNER_TOKEN</code> set, put its address in{' '}
          <code>RUNNER_URL</code> (<code>.env</code>) and restart this server: see the README,{' '}
          <cite>Unattended trackers</cite>.
        </p>
      )}
      {configured && <RunnerConnection />}
    </section>
  );
}

/**
 * A token held from earlier in this tab (a reload, a link to a runner's tracker): the runner's
 * list and the open tracker's newest runs are read at once, side by side, without waiting for
 * the server's meta or for the list (a tracker the runner does not hold answers "not on the
 * runner" when the list comes). Its first rows then wait on one round trip, not three.
 */
function useFirstReads() {
  const token = useStore(runnerTokenStore);
  const [params] = useSearchParams();
  const openId = params.get('runner');
  useEffect(() => {
    if (token && runnerState.get().status === 'off') void refreshRunner({ reopen: false });
  }, [token]);
  useEffect(() => {
    if (token && openId !== null) void trackerDetailCode.preload().catch(() => {});
    void openRunnerTracker(token ? openId : null, { again: false });
  }, [token, openId]);
}

/** The token, then the runner's trackers, alerts and the open one's detail. */
function RunnerConnection() {
  const token = useStore(runnerTokenStore);
  const state = useStore(runnerState);
  const [params, setParams] = useSearchParams();
  const openId = params.get('runner');
  const view = 'view' in state ? state.view : null;

  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        A runner (<code>npm run runner</code>) runs trackers on a server with no browser open, with
        its own key. Its trackers show here read-only; <strong>Move to the runner</strong> on a
        tracker of this browser sends it there (never your key).
      </p>
      {token ? (
        <div className="flex flex-wrap items-center gap-3">
          <span role="status">
            {state.status === 'reading'
              ? 'Reading the runner…'
              : state.status === 'ready'
                ? `Connected to the runner: ${state.view.trackers.length} tracker${state.view.trackers.length === 1 ? '' : 's'}.`
                : ''}
          </span>
          <button
            type="button"
            className="rounded border border-slate-400 px-3 py-1 text-sm"
            onClick={() => void refreshRunner()}
          >
            Refresh
          </button>
          <button
            type="button"
            className="rounded border border-slate-400 px-3 py-1 text-sm"
            onClick={disconnectRunner}
          >
            Disconnect
          </button>
        </div>
      ) : (
        <TokenForm />
      )}
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {view && (
        <>
          <TrackerAlerts alerts={view.alerts} title="Runner alerts" inbox={false} />
          <TrackerList
            trackers={view.trackers}
            lastRuns={view.lastRuns}
            openId={openId}
            onOpen={(trackerId) => setParams({ runner: trackerId })}
            caption="On the runner"
            empty="The runner has no tracker yet: Move to the runner on one of yours, or npm run runner -- add FILE."
          />
        </>
      )}
    </>
  );
}

/**
 * The runner's tracker open on this page (`?runner=ID`), where the view puts an open tracker: first,
 * above the lists (decision 126). Shown once the runner's list says it holds it and its newest
 * runs are read (a page opened on it read both ahead: trackers-page.tsx).
 */
export function RunnerTrackerDetail() {
  const [params] = useSearchParams();
  const openId = params.get('runner');
  const state = useStore(runnerState);
  const view = 'view' in state ? state.view : null;
  const open = view?.trackers.find((t) => t.id === openId);
  const runs = useStore(runnerRuns);
  const cellRuns = useStore(runnerCellRuns);
  // The open tracker's newest runs: one page, its movers' pair in it (decision 091), read
  // since the section appeared (useFirstReads); shown once the list says it is the runner's.
  const openRuns = open && runs?.trackerId === open.id ? runs : null;
  // The schedule's and the budget's now: when the view opened (the runner's data is as read).
  const [readAt] = useState(Date.now);
  if (openId === null || !view) return null;
  if (!open) return <p role="status">That tracker is not on the runner.</p>;
  return (
    <>
      {openRuns?.error && <p role="alert">{openRuns.error}</p>}
      {openRuns && (openRuns.runs.length > 0 || (!openRuns.loading && !openRuns.error)) && (
        <trackerDetailCode.Preloaded
          fallback={DETAIL_LOADING}
          key={`runner-${open.id}`}
          session={null}
          tracker={open}
          runs={openRuns.runs}
          cut={openRuns.cut}
          reading={openRuns.older}
          older={{ loading: openRuns.loading, load: () => void loadOlderRunnerRuns() }}
          cellHistory={{
            read: (cellId) => void openRunnerCell(open.id, cellId),
            shown: cellRuns?.trackerId === open.id ? cellRuns : null,
          }}
          now={readAt}
          running={null}
        />
      )}
    </>
  );
}

function TokenForm() {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const given = new FormData(event.currentTarget).get('token');
    const token = typeof given === 'string' ? given.trim() : '';
    if (!token)
      return setProblem(
        'Enter the runner’s token (RUNNER_TOKEN where the runner runs). Nothing was sent.',
      );
    setProblem(null);
    void connectRunner(token);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <label htmlFor={`${id}-token`} className="text-sm">
        Runner token
        <input
          id={`${id}-token`}
          name="token"
          type="password"
          autoComplete="off"
          className="ml-2 rounded border border-slate-400 px-2 py-1"
        />
      </label>
      <button type="submit" className="rounded border border-slate-400 px-3 py-1 text-sm">
        Connect to the runner
      </button>
      {problem && <p role="alert">{problem}</p>}
    </form>
  );
}
